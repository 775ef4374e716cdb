/**
 * The HTTP API of accounts that travel (issue 51; docs/protocol.md "Accounts"): save the player with a
 * passkey, sign in with one on another device, or with a link code the signed-in device shows; list and
 * remove passkeys and devices; sign out here or everywhere else. Every new device gets its own secret, sent
 * once in the body and kept as its sha256; a signed-out device is refused at once by every process, because
 * every request reads its device's row.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountView,
  addPasskeySchema,
  type CeremonyOptions,
  type DeviceView,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  type LinkCodeView,
  linkDeviceSchema,
  type SignedIn,
  signInSchema,
} from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { deviceLabel } from '../players/device-label.ts';
import { identityOf, summaryOf } from '../players/identity.ts';
import {
  type PasskeyRefusal,
  registrationOptions,
  relyingParty,
  signInOptions,
  verifyNewPasskey,
  verifySignIn,
} from '../players/passkeys.ts';
import { newGameId, sha256 } from '../secrets.ts';
import { describeIssues } from '../socket/describe-issues.ts';
import type { StoredDevice } from '../store/account-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';
import { perMinute, serverPerMinute } from './address-limits.ts';
import { replyError } from './reply-error.ts';
import { bodyOf } from './request-body.ts';

/** A link code lives this long (ms). */
export const LINK_CODE_MS = 5 * 60 * 1000;
/**
 * Link codes tried on the whole server a minute, from every address together, as a multiple of one address's
 * allowance (LINK_TRIES_PER_MINUTE, 10): what bounds the guesses at any one code to 5 × 120 = 600 in its life,
 * against 30⁸ ≈ 6.6 × 10¹¹ codes.
 */
export const LINK_TRIES_SERVER_FACTOR = 12;

/** The device a request speaks for. */
export interface RequestDevice {
  readonly hash: string;
  readonly device: StoredDevice;
  readonly player: StoredPlayer;
}

export function registerAccountRoutes(app: FastifyInstance, context: ServerContext): void {
  const accounts = context.store.accounts;
  const now = () => context.config.now?.() ?? Date.now();

  const { passkeysPerMinute, linkTriesPerMinute } = context.config.limits;
  const passkeyLimit = perMinute(
    app,
    'passkeys',
    passkeysPerMinute,
    'rate/passkeys',
    `At most ${passkeysPerMinute} passkey requests from one address a minute; wait a moment.`,
  );
  const linkLimit = perMinute(
    app,
    'link-codes',
    linkTriesPerMinute,
    'rate/link-codes',
    `At most ${linkTriesPerMinute} codes may be tried from one address a minute; wait a moment.`,
  );
  const linkServerLimit = serverPerMinute(
    app,
    'link-codes-all',
    linkTriesPerMinute * LINK_TRIES_SERVER_FACTOR,
    'rate/link-codes',
    'Too many codes were tried on this server this minute; wait a minute and try again.',
  );

  /** This request's device, or a refusal already sent. */
  const mine = async (request: FastifyRequest, reply: FastifyReply): Promise<RequestDevice | null> => {
    const found = await requestDevice(context, request, reply);
    if (found === undefined) {
      replyError(
        reply,
        401,
        'player/identity',
        'Send this device’s identity: Authorization: Bearer <secret>.',
      );
      return null;
    }
    return found;
  };

  app.get('/api/account', async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    return reply.send(await accountView(context, me));
  });

  app.post('/api/account/passkeys/options', { onRequest: passkeyLimit }, async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    const options = await registrationOptions(
      accounts,
      relyingParty(context.config, request),
      me.player,
      now(),
    );
    const body: CeremonyOptions = { options };
    return reply.send(body);
  });

  app.post('/api/account/passkeys', { onRequest: passkeyLimit }, async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    const parsed = addPasskeySchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A new passkey', parsed.error));
    const label = parsed.data.label ?? deviceLabel(request.headers['user-agent']);
    const party = relyingParty(context.config, request);
    const made = await verifyNewPasskey(accounts, party, me.player, parsed.data.credential, label, now());
    if (typeof made === 'string') return refusePasskey(reply, made);
    const added = await accounts.addPasskey(made);
    if (added === 'exists')
      return replyError(reply, 409, 'passkey/exists', 'This passkey is saved here already.');
    if (added === 'unknown') return forgotten(reply);
    request.log.info({ playerId: me.player.id }, 'passkey added');
    return reply.code(201).send(await accountView(context, me));
  });

  app.delete<{ Params: { id: string } }>('/api/account/passkeys/:id', async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    if (!(await accounts.removePasskey(me.player.id, request.params.id)))
      return replyError(
        reply,
        404,
        'passkey/unknown',
        'You have no such passkey here (it may be removed already).',
      );
    request.log.info({ playerId: me.player.id }, 'passkey removed');
    return reply.send(await accountView(context, me));
  });

  app.post('/api/account/sign-in/options', { onRequest: passkeyLimit }, async (request, reply) => {
    const options = await signInOptions(accounts, relyingParty(context.config, request), now());
    const body: CeremonyOptions = { options };
    return reply.send(body);
  });

  app.post('/api/account/sign-in', { onRequest: passkeyLimit }, async (request, reply) => {
    const parsed = signInSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A sign-in', parsed.error));
    const earlier = await earlierPlayer(context, request, reply);
    if (earlier === null) return reply;
    const party = relyingParty(context.config, request);
    const passkey = await verifySignIn(accounts, party, parsed.data.credential, now());
    if (typeof passkey === 'string') return refusePasskey(reply, passkey);
    return joinDevice(context, request, reply, {
      playerId: passkey.playerId,
      via: 'passkey',
      secret: parsed.data.secret,
      label: parsed.data.label,
      earlier,
      merge: parsed.data.merge ?? 'keep',
    });
  });

  app.post('/api/account/link-codes', async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    const code = Array.from(
      { length: LINK_CODE_LENGTH },
      () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)],
    ).join('');
    const at = now();
    const expiresAt = at + LINK_CODE_MS;
    if (!(await accounts.putLinkCode(sha256(code), me.player.id, at, expiresAt))) return forgotten(reply);
    const body: LinkCodeView = { code, expiresAt };
    return reply.code(201).send(body);
  });

  app.post('/api/account/link', { onRequest: [linkLimit, linkServerLimit] }, async (request, reply) => {
    const parsed = linkDeviceSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A link code', parsed.error));
    const earlier = await earlierPlayer(context, request, reply);
    if (earlier === null) return reply;
    const taken = await accounts.takeLinkCode(sha256(parsed.data.code), now());
    if (taken === 'unknown')
      return replyError(
        reply,
        404,
        'link/unknown',
        'No device shows this code; check it, or ask for a new one.',
      );
    if (taken === 'expired')
      return replyError(reply, 410, 'link/expired', 'This code was not used in time; ask for a new one.');
    if (taken === 'used')
      return replyError(
        reply,
        409,
        'link/used',
        'This code was used already, or a newer one replaced it; ask for a new one.',
      );
    return joinDevice(context, request, reply, {
      playerId: taken.playerId,
      via: 'code',
      secret: parsed.data.secret,
      label: parsed.data.label,
      earlier,
      merge: parsed.data.merge ?? 'keep',
    });
  });

  app.delete<{ Params: { id: string } }>('/api/account/devices/:id', async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    if (!(await accounts.revokeDevice(me.player.id, request.params.id, now())))
      return replyError(
        reply,
        404,
        'device/unknown',
        'You have no such device signed in (it may be signed out already).',
      );
    context.devices.revoked([request.params.id]);
    request.log.info({ playerId: me.player.id }, 'device signed out');
    if (request.params.id === me.device.id) return reply.send({ signedOut: true });
    return reply.send(await accountView(context, me));
  });

  app.post('/api/account/sign-out-others', async (request, reply) => {
    const me = await mine(request, reply);
    if (me === null) return reply;
    const gone = await accounts.revokeOtherDevices(me.player.id, me.device.id, now());
    context.devices.revoked(gone);
    request.log.info({ playerId: me.player.id, devices: gone.length }, 'other devices signed out');
    return reply.send(await accountView(context, me));
  });
}

/**
 * The device of the request's identity (undefined: none sent), or null after a refusal was sent: malformed
 * or unknown `401 player/unknown`, signed out `401 device/revoked`. Notes the device's use.
 */
export async function requestDevice(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestDevice | undefined | null> {
  const identity = identityOf(request);
  if (identity === 'none') return undefined;
  const found = identity === 'malformed' ? null : await context.store.accounts.device(identity.hash);
  if (found === 'revoked') {
    revoked(reply);
    return null;
  }
  if (found === null || identity === 'malformed') {
    replyError(reply, 401, 'player/unknown', 'This identity is not known here (it may have been forgotten).');
    return null;
  }
  await context.store.accounts.touchDevice(found.device.id, context.config.now?.() ?? Date.now());
  return { hash: identity.hash, ...found };
}

export function revoked(reply: FastifyReply): FastifyReply {
  return replyError(
    reply,
    401,
    'device/revoked',
    'This device was signed out of its player; sign in again with a passkey or a code, or play as someone new.',
  );
}

/** The player this device played as before signing in (null after a refusal; undefined: none). */
async function earlierPlayer(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StoredPlayer | undefined | null> {
  if (identityOf(request) === 'none') return undefined;
  const found = await requestDevice(context, request, reply);
  return found === null ? null : found?.player;
}

interface Joining {
  readonly playerId: string;
  readonly via: 'passkey' | 'code';
  readonly secret: string;
  readonly label: string | undefined;
  readonly earlier: StoredPlayer | undefined;
  readonly merge: 'move' | 'keep';
}

/** Adds this device, with its new secret, to the player; moves the earlier player's games if asked. */
async function joinDevice(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  joining: Joining,
): Promise<FastifyReply> {
  const accounts = context.store.accounts;
  const at = context.config.now?.() ?? Date.now();
  const device: StoredDevice = {
    id: newGameId(),
    playerId: joining.playerId,
    via: joining.via,
    label: joining.label ?? deviceLabel(request.headers['user-agent']),
    createdAt: at,
    lastUsedAt: at,
  };
  const hash = sha256(joining.secret);
  if (!(await accounts.addDevice(device, hash))) {
    const again = await accounts.device(hash);
    if (again !== null && again !== 'revoked')
      return replyError(reply, 409, 'request/invalid', 'This secret is a device’s already: make a new one.');
    return forgotten(reply);
  }
  const found = await accounts.device(hash);
  if (found === null || found === 'revoked') return forgotten(reply);
  const earlier = joining.earlier;
  const moved =
    earlier !== undefined && earlier.id !== joining.playerId && joining.merge === 'move'
      ? await accounts.moveOpenGames(earlier.id, joining.playerId)
      : [];
  request.log.info({ playerId: joining.playerId, via: joining.via, moved: moved.length }, 'device signed in');
  const body: SignedIn = {
    player: summaryOf(found.player),
    device: deviceView(found.device, found.device.id),
    moved,
  };
  return reply.code(201).send(body);
}

async function accountView(context: ServerContext, me: RequestDevice): Promise<AccountView> {
  const accounts = context.store.accounts;
  const player = (await context.store.players.find(me.player.id)) ?? me.player;
  const passkeys = await accounts.passkeysOf(me.player.id);
  const devices = await accounts.devicesOf(me.player.id);
  return {
    player: summaryOf(player),
    passkeys: passkeys.map(({ id, label, createdAt, lastUsedAt }) => ({ id, label, createdAt, lastUsedAt })),
    devices: devices.map((device) => deviceView(device, me.device.id)),
  };
}

function deviceView(device: StoredDevice, currentId: string): DeviceView {
  const { id, label, via, createdAt, lastUsedAt } = device;
  return { id, label, via, createdAt, lastUsedAt, current: id === currentId };
}

function refusePasskey(reply: FastifyReply, refusal: PasskeyRefusal): FastifyReply {
  switch (refusal) {
    case 'challenge':
      return replyError(
        reply,
        400,
        'passkey/challenge',
        'This passkey request is unknown, used already or expired; start again.',
      );
    case 'refused':
      return replyError(
        reply,
        400,
        'passkey/refused',
        'The passkey’s answer did not verify for this site; nothing was changed.',
      );
    case 'unknown':
      return replyError(
        reply,
        404,
        'passkey/unknown',
        'No player here has this passkey: it was removed, or saved on another site.',
      );
  }
}

function forgotten(reply: FastifyReply): FastifyReply {
  return replyError(
    reply,
    404,
    'player/unknown',
    'This player is not known here (it may have been forgotten).',
  );
}
