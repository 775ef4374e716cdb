/**
 * The two decisions drawn up on the page before they are sent: the setup (which pirates go on the ship, where
 * the flag hides) and the cannon's aim. Each click changes the draft only; the host hears the finished one.
 */
import { type Action, type Aim, clampAim } from '../../engine/index.ts';
import { clickFlagSlot, setupAction, togglePirate } from '../game/setup.ts';
import { t } from '../i18n/i18n.ts';
import { changeGame, type Page } from './page.ts';

export class SetupAndAim {
  /** `act` sends a finished decision (table.ts). */
  constructor(
    private readonly page: Page,
    private readonly act: (action: Action) => void,
  ) {}

  togglePirate(piece: number): void {
    changeGame(this.page, (g) => {
      g.setup = togglePirate(g.setup, piece);
    });
  }

  clickFlagSlot(slot: number): void {
    changeGame(this.page, (g) => {
      g.setup = clickFlagSlot(g.setup, slot);
    });
  }

  moveFlag(from: number, to: number): void {
    changeGame(this.page, (g) => {
      g.setup = clickFlagSlot(clickFlagSlot({ ...g.setup, held: null }, from), to);
    });
  }

  confirmSetup(): void {
    const game = this.page.state.game;
    if (game?.view == null) return;
    const action = setupAction(game.setup, game.view.legalActions);
    if (action === null) {
      changeGame(this.page, (g) => {
        g.error = t('notice.chooseThree');
      });
      return;
    }
    this.act(action);
  }

  setAim(patch: Partial<Aim>, drag?: 'aim' | 'move' | null, pull?: { x: number; y: number } | null): void {
    changeGame(this.page, (g) => {
      if (g.aiming === null || g.view === null) return;
      g.aiming = {
        ...g.aiming,
        aim: clampAim({ ...g.aiming.aim, ...patch }, g.view.rules.cannon),
        drag: drag === undefined ? g.aiming.drag : drag,
        pull: pull === undefined ? g.aiming.pull : pull,
      };
    });
  }

  fire(): void {
    const game = this.page.state.game;
    const template = game?.view?.legalActions.find((a) => a.type === 'shoot');
    if (game == null || template === undefined) return;
    const aimed = template.type === 'shoot' && template.aim !== undefined && game.aiming !== null;
    this.act(aimed && game.aiming ? { type: 'shoot', aim: game.aiming.aim } : template);
    changeGame(this.page, (g) => {
      if (g.aiming) {
        g.aiming.drag = null;
        g.aiming.pull = null;
        g.lastAim[g.seat] = g.aiming.aim;
      }
    });
  }
}
