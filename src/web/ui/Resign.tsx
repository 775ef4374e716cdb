/**
 * "Resign", asked again on the page itself (issue 31, item 7): a small dialog in the game's own style rather
 * than the browser's `confirm()`, which stops every script on the page (the clocks, the socket's answers) and
 * reads as a warning from the browser. "Play on" is the default and takes the focus; Escape closes it.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import { useFocus } from './focus.ts';

export function ResignButton(props: { ctl: Controller; online: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" class="link danger" onClick={() => setAsking(true)}>
        {t('game.resign')}
      </button>
      {asking && (
        <ResignDialog
          online={props.online}
          onPlayOn={() => setAsking(false)}
          onResign={() => {
            setAsking(false);
            props.ctl.resign();
          }}
        />
      )}
    </>
  );
}

function ResignDialog(props: { online: boolean; onPlayOn: () => void; onResign: () => void }) {
  const focus = useFocus<HTMLButtonElement>();
  // Escape plays on wherever the focus is (the table may have taken it back as the dialog opened). Heard from
  // the moment the dialog is drawn: a layout effect runs before the paint, where a plain effect runs later, so
  // an Escape pressed as soon as the dialog shows (a quick player, a busy machine) was lost.
  const { onPlayOn } = props;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onPlayOn();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onPlayOn]);
  return (
    <div
      class="end-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="resign-title"
      aria-describedby="resign-text"
      data-resign-dialog=""
    >
      <div class="panel end">
        <h1 id="resign-title">{t('game.giveUp')}</h1>
        <p id="resign-text">{props.online ? t('game.resignOnline') : t('game.resignLocal')}</p>
        <div class="end-buttons">
          <button type="button" class="primary big" ref={focus} onClick={props.onPlayOn}>
            {t('game.playOn')}
          </button>
          <button type="button" class="danger" onClick={props.onResign}>
            {t('game.resignYes')}
          </button>
        </div>
      </div>
    </div>
  );
}
