/**
 * Accounts that travel (issue 51): a player's passkeys and devices, signing in on another device with a
 * passkey or a link code. The WebAuthn options and answers are the browser's own JSON (the server library
 * reads them); everything else is plain fields. Only public things are sent back: ids, labels, times.
 */
import { z } from 'zod';
import { newIdentitySecretSchema, type PlayerSummary } from './players.ts';

/**
 * The alphabet of link codes, Crockford's: no 0/O, 1/I/L nor U, so what is read is what is typed. 30 signs,
 * 8 of them: 6.6 × 10¹¹ codes (docs/protocol.md "Accounts" works out why guessing one is hopeless).
 */
export const LINK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LINK_CODE_LENGTH = 8;

/** A link code as typed: case, spaces and dashes do not matter (`normalizeLinkCode`). */
export const linkCodeSchema = z
  .string()
  .max(40)
  .transform((code) => normalizeLinkCode(code))
  .pipe(
    z.string().regex(new RegExp(`^[${LINK_CODE_ALPHABET}]{${LINK_CODE_LENGTH}}$`), {
      message: `A code is ${LINK_CODE_LENGTH} letters and digits, as the other device shows it`,
    }),
  );

/** Upper case, without spaces and dashes: '7kq4-mx9p' reads as '7KQ4MX9P'. */
export function normalizeLinkCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** What a device says it is, e.g. 'Firefox on Linux'. */
const deviceLabelSchema = z.string().max(60).optional();

/** The browser's answer to a WebAuthn ceremony, read by the server's WebAuthn library. */
const credentialAnswerSchema = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});

/** POST /api/account/passkeys: the answer to the options of POST /api/account/passkeys/options. */
export const addPasskeySchema = z.strictObject({
  credential: credentialAnswerSchema,
  label: deviceLabelSchema,
});

/**
 * POST /api/account/sign-in: the answer to POST /api/account/sign-in/options, and the new secret this device
 * will be known by. `merge` (only with this device's present identity in Authorization): 'move' moves that
 * player's games in progress to the account; 'keep' leaves them where they are (that player stays, with them).
 */
export const signInSchema = z.strictObject({
  credential: credentialAnswerSchema,
  secret: newIdentitySecretSchema,
  label: deviceLabelSchema,
  merge: z.enum(['move', 'keep']).optional(),
});

/** POST /api/account/link: a code another device of the player shows, and this device's new secret. */
export const linkDeviceSchema = z.strictObject({
  code: linkCodeSchema,
  secret: newIdentitySecretSchema,
  label: deviceLabelSchema,
  merge: z.enum(['move', 'keep']).optional(),
});

/** One passkey as its player sees it, e.g. `{ id: 'AbC…', label: 'Chrome on Android', createdAt, lastUsedAt }`. */
export interface PasskeyView {
  readonly id: string;
  readonly label: string;
  readonly createdAt: number;
  /** Last used to sign in; null if never. */
  readonly lastUsedAt: number | null;
}

/** One device as its player sees it. */
export interface DeviceView {
  readonly id: string;
  readonly label: string;
  /** 'first': the device the player began on; 'passkey' or 'code': how it signed in. */
  readonly via: 'first' | 'passkey' | 'code';
  readonly createdAt: number;
  readonly lastUsedAt: number;
  /** The device asking. */
  readonly current: boolean;
}

/** GET /api/account */
export interface AccountView {
  readonly player: PlayerSummary;
  readonly passkeys: readonly PasskeyView[];
  readonly devices: readonly DeviceView[];
}

/** POST /api/account/passkeys/options and /api/account/sign-in/options: the browser's WebAuthn options. */
export interface CeremonyOptions {
  readonly options: Record<string, unknown>;
}

/** POST /api/account/sign-in and /api/account/link: who this device now plays as. */
export interface SignedIn {
  readonly player: PlayerSummary;
  readonly device: DeviceView;
  /** The games in progress moved from this device's earlier player (merge 'move'), else empty. */
  readonly moved: readonly string[];
}

/** POST /api/account/link-codes, e.g. `{ code: '7KQ4MX9P', expiresAt: 1760000000000 }`. */
export interface LinkCodeView {
  readonly code: string;
  readonly expiresAt: number;
}
