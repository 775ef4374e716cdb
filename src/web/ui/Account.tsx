/**
 * "Play on every device" (issue 51) on the home page: save this player with a passkey, sign in with one,
 * show or type a link code (with its QR code), and, one click away, the player's passkeys and devices with
 * sign-out. A device that already plays as someone with something to lose is asked first what becomes of
 * that player's games in progress. The panel keeps its own small state; who this device is stays `state.me`.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AccountView, LinkCodeView, SignedIn } from '../../protocol/accounts.ts';
import type { Controller } from '../controller.ts';
import { language, t } from '../i18n/i18n.ts';
import {
  codeInAddress,
  linkAddress,
  loadAccount,
  type Merge,
  newLinkCode,
  type Outcome,
  passkeysHere,
  qrModules,
  removeDevice,
  removePasskey,
  savePasskey,
  signInWithCode,
  signInWithPasskey,
  signOutOthers,
  spacedCode,
} from '../online/account.ts';
import type { MeState } from '../state.ts';

/** A sign-in waiting for the person's choice about this device's present player: by passkey, or this code. */
type Asking = { readonly via: 'passkey' } | { readonly via: 'code'; readonly code: string };

/** A link code on show, e.g. `{ code: '7KQ4MX9P', expiresAt: 1760000000000, qr: [[true, false, …], …] }`. */
interface Shown extends LinkCodeView {
  /** The QR code's modules, once drawn. */
  readonly qr: boolean[][] | null;
}

function when(ms: number): string {
  return new Date(ms).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });
}

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' });
}

export function AccountPanel(props: { me: MeState; ctl: Controller }) {
  const { me, ctl } = props;
  const player = me.player;
  // Busy with a request or the browser's dialog: the buttons wait.
  const [busy, setBusy] = useState(false);
  // What happened last, for everyone (role=status), and what went wrong (role=alert).
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [list, setList] = useState<AccountView | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [draft, setDraft] = useState(() => codeInAddress() ?? '');
  const [signingOut, setSigningOut] = useState(false);

  // A new player on this device (signed in, signed out): what was shown was the other player's.
  useEffect(() => {
    setShown(null);
    setList(null);
    setListOpen(false);
    setSigningOut(false);
  }, [player?.id]);

  if (ctl.people === null) return null;
  const people = ctl.people;

  const run = async <T,>(step: () => Promise<Outcome<T>>, done: (value: T) => void) => {
    setBusy(true);
    setError(null);
    setSaid(null);
    const outcome = await step();
    setBusy(false);
    if (outcome.ok) done(outcome.value);
    else setError(outcome.message);
  };

  /** Asks first when this device's present player has something to lose; else signs in at once. */
  const begin = (wanted: Asking) => {
    const games = me.games?.length ?? 0;
    if (player !== null && (games > 0 || player.rating.games > 0)) setAsking(wanted);
    else void signIn(wanted, 'keep');
  };

  const signIn = (wanted: Asking, merge: Merge) => {
    setAsking(null);
    return run<SignedIn>(
      () => (wanted.via === 'passkey' ? signInWithPasskey(merge) : signInWithCode(wanted.code, merge)),
      (signed) => {
        if (wanted.via === 'code') {
          setDraft('');
          if (codeInAddress() !== null) history.replaceState(null, '', '/');
        }
        people.reload();
        const moved = signed.moved.length;
        setSaid(
          t('account.signedIn', { name: signed.player.name }) +
            (moved > 0 ? ` ${t('account.moved', { count: moved })}` : ''),
        );
      },
    );
  };

  const showCode = () =>
    run(newLinkCode, (code) => {
      setShown({ ...code, qr: null });
      void qrModules(linkAddress(code.code)).then(
        (qr) => setShown((now) => (now?.code === code.code ? { ...now, qr } : now)),
        () => undefined,
      );
    });

  const toggleList = () => {
    if (listOpen) return setListOpen(false);
    setListOpen(true);
    void run(loadAccount, setList);
  };

  // A device with nothing to lose yet (a fresh browser) is most likely here to sign in: that comes first.
  const fresh = player === null || ((me.games?.length ?? 0) === 0 && player.rating.games === 0);
  const signInButton = passkeysHere() && (
    <button
      type="button"
      data-sign-in=""
      aria-describedby="account-sign-in-hint"
      disabled={busy}
      onClick={() => begin({ via: 'passkey' })}
    >
      {t('account.signIn')}
    </button>
  );

  return (
    <section class="panel account" aria-labelledby="h-account" data-account="">
      <h2 id="h-account">{t('account.title')}</h2>
      <p class="hint">{t('account.intro')}</p>
      <div class="account-actions">
        {fresh && signInButton}
        {player !== null && passkeysHere() && (
          <button
            type="button"
            data-save-passkey=""
            disabled={busy}
            onClick={() => void run(savePasskey, () => setSaid(t('account.saved')))}
          >
            {t('account.savePasskey')}
          </button>
        )}
        {!fresh && signInButton}
        {player !== null && (
          <button type="button" data-link-device="" disabled={busy} onClick={() => void showCode()}>
            {t('account.another')}
          </button>
        )}
      </div>
      {passkeysHere() && (
        <p class="hint" id="account-sign-in-hint">
          {t('account.signInHint')}
        </p>
      )}
      {asking !== null && player !== null && (
        <fieldset class="account-merge" data-merge="">
          <legend>
            <strong>{t('account.merge.title', { name: player.name })}</strong>
          </legend>
          <p>{t('account.merge.text', { name: player.name })}</p>
          <button
            type="button"
            class="primary"
            data-merge-move=""
            onClick={() => void signIn(asking, 'move')}
          >
            {t('account.merge.move')}
          </button>
          <button type="button" data-merge-keep="" onClick={() => void signIn(asking, 'keep')}>
            {t('account.merge.keep', { name: player.name })}
          </button>
          <button type="button" class="link" onClick={() => setAsking(null)}>
            {t('account.cancel')}
          </button>
        </fieldset>
      )}
      {shown !== null && (
        <div class="link-code" data-link-code-shown="">
          <p>{t('account.codeShown')}</p>
          <p class="code" data-link-code={shown.code}>
            {spacedCode(shown.code)}
          </p>
          {shown.qr !== null && <Qr modules={shown.qr} />}
          <p class="hint">{t('account.codeUntil', { time: clock(shown.expiresAt) })}</p>
        </div>
      )}
      <form
        class="code-entry"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim() !== '') begin({ via: 'code', code: draft });
        }}
      >
        <label>
          {t('account.codeLabel')}{' '}
          <input
            data-code-input=""
            value={draft}
            maxLength={20}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellcheck={false}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy || draft.trim() === ''}>
          {t('account.useCode')}
        </button>
      </form>
      {player !== null && (
        <button
          type="button"
          class="link"
          aria-expanded={listOpen}
          data-devices-toggle=""
          onClick={toggleList}
        >
          {t('account.devices')}
        </button>
      )}
      {listOpen && list !== null && (
        <DeviceList
          list={list}
          busy={busy}
          signingOut={signingOut}
          onRemovePasskey={(id) => void run(() => removePasskey(id), setList)}
          onRemoveDevice={(id) =>
            void run(
              () => removeDevice(id),
              (answer) => {
                if ('devices' in answer) setList(answer);
              },
            )
          }
          onSignOut={() => {
            if (!signingOut) return setSigningOut(true);
            const mine = list.devices.find((d) => d.current);
            if (mine === undefined) return;
            void run(
              () => removeDevice(mine.id),
              () => {
                people.signedOut();
                setSaid(t('account.signedOut'));
              },
            );
          }}
          onSignOutOthers={() =>
            void run(signOutOthers, (answer) => {
              setList(answer);
              setSaid(t('account.signedOutOthers'));
            })
          }
        />
      )}
      {said !== null && (
        <p role="status" data-account-said="">
          {said}
        </p>
      )}
      {error !== null && (
        <p class="error" role="alert" data-account-error="">
          {error}
        </p>
      )}
    </section>
  );
}

/** The player's passkeys and devices, when each was last used, each removable; signing out. */
function DeviceList(props: {
  list: AccountView;
  busy: boolean;
  signingOut: boolean;
  onRemovePasskey: (id: string) => void;
  onRemoveDevice: (id: string) => void;
  onSignOut: () => void;
  onSignOutOthers: () => void;
}) {
  const { list, busy } = props;
  const others = list.devices.filter((d) => !d.current).length;
  return (
    <div class="device-list" data-device-list="">
      <h3>{t('account.passkeys')}</h3>
      {list.passkeys.length === 0 ? (
        <p>{t('account.noPasskeys')}</p>
      ) : (
        <ul>
          {list.passkeys.map((p) => (
            <li key={p.id} data-passkey={p.id} data-passkey-label={p.label}>
              {p.label} ·{' '}
              {p.lastUsedAt === null
                ? t('account.addedOn', { when: when(p.createdAt) })
                : t('account.lastUsed', { when: when(p.lastUsedAt) })}{' '}
              <button
                type="button"
                class="link danger"
                aria-label={t('account.removePasskey', { label: p.label })}
                disabled={busy}
                onClick={() => props.onRemovePasskey(p.id)}
              >
                {t('account.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('account.devicesTitle')}</h3>
      <ul>
        {list.devices.map((d) => (
          <li key={d.id} data-device={d.id} data-current={d.current ? '' : undefined}>
            {d.label}
            {d.current && ` (${t('account.thisDevice')})`} ·{' '}
            {t('account.lastUsed', { when: when(d.lastUsedAt) })}{' '}
            {!d.current && (
              <button
                type="button"
                class="link danger"
                aria-label={t('account.removeDevice', { label: d.label })}
                disabled={busy}
                onClick={() => props.onRemoveDevice(d.id)}
              >
                {t('account.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div class="account-actions">
        <button type="button" data-sign-out="" disabled={busy} onClick={props.onSignOut}>
          {props.signingOut ? t('account.signOutSure') : t('account.signOut')}
        </button>
        {others > 0 && (
          <button type="button" data-sign-out-others="" disabled={busy} onClick={props.onSignOutOthers}>
            {t('account.signOutOthers')}
          </button>
        )}
      </div>
      {props.signingOut && <p class="hint">{t('account.signOutHint')}</p>}
    </div>
  );
}

/** The QR code as one SVG path of its dark modules, drawn from uqr's matrix (text only, never markup). */
function Qr(props: { modules: boolean[][] }) {
  const size = props.modules.length;
  let d = '';
  props.modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      class="qr"
      role="img"
      aria-label={t('account.qrLabel')}
      viewBox={`0 0 ${size} ${size}`}
      width="180"
      height="180"
      shape-rendering="crispEdges"
      data-qr=""
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
