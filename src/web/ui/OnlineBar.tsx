/** Online games: the invite link with its Copy button, the connection, and the other player's absence. */
import type { Controller } from '../controller.ts';
import type { GameScreen } from '../state.ts';

export function OnlineBar(props: { game: GameScreen; ctl: Controller }) {
  const online = props.game.online;
  if (online === null) return null;
  const { ctl } = props;
  return (
    <div class="online-bar" role="status" aria-live="polite">
      {online.inviteLink !== null && (
        <div class="invite">
          <label for="invite-link">Send this link to your friend:</label>
          <div class="invite-row">
            <input
              id="invite-link"
              readOnly
              value={online.inviteLink}
              data-invite=""
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => ctl.copyInvite()}>
              Copy
            </button>
            {online.copied !== null && <span class="copied">{online.copied}</span>}
          </div>
        </div>
      )}
      {!online.connected && <p class="warn">Connection lost: reconnecting…</p>}
      {online.opponentAway !== null && (
        <p class="warn">
          The other player is away{online.opponentAway > 0 ? ` (${Math.round(online.opponentAway)} s)` : ''}.
        </p>
      )}
      {online.canClaim && (
        <div class="claim">
          <button type="button" onClick={() => ctl.onlineHooks?.claim('win')}>
            Claim the win
          </button>
          <button type="button" onClick={() => ctl.onlineHooks?.claim('computer')}>
            Let the computer play on
          </button>
        </div>
      )}
    </div>
  );
}
