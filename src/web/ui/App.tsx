/** The page: one of the screens, drawn from the one state object. */
import type { Controller } from '../controller.ts';
import type { AppState } from '../state.ts';
import { GameView } from './GameView.tsx';
import { Home } from './Home.tsx';
import { PlayerPageView } from './People.tsx';
import { ReplayView } from './Replay.tsx';
import { Rules } from './Rules.tsx';
import { SettingsPanel } from './Settings.tsx';
import { TurnAlert } from './TurnAlert.tsx';
import { Watch } from './Watch.tsx';

export function App(props: { state: AppState; ctl: Controller }) {
  const { state, ctl } = props;
  return (
    <>
      <TurnAlert alert={state.turnAlert} challenge={state.challengeAlert} ctl={ctl} />
      <Screen state={state} ctl={ctl} />
      {state.settingsOpen && <SettingsPanel settings={state.settings} ctl={ctl} />}
    </>
  );
}

function Screen(props: { state: AppState; ctl: Controller }) {
  const { state, ctl } = props;
  switch (state.screen) {
    case 'home':
      return <Home state={state} ctl={ctl} />;
    case 'rules':
      return <Rules ctl={ctl} />;
    case 'game':
    case 'join':
      return state.game === null ? (
        <Home state={state} ctl={ctl} />
      ) : (
        <GameView game={state.game} ctl={ctl} />
      );
    case 'replay':
      return state.replay === null ? (
        <Home state={state} ctl={ctl} />
      ) : (
        <ReplayView replay={state.replay} ctl={ctl} />
      );
    case 'player':
      return state.playerPage === null ? (
        <Home state={state} ctl={ctl} />
      ) : (
        <PlayerPageView state={state.playerPage} me={state.me} challenges={state.challenges} ctl={ctl} />
      );
    case 'watch':
      return <Watch games={state.live} ctl={ctl} />;
  }
}
