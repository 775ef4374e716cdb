/**
 * A software passkey authenticator for tests (issue 51): an ES256 key pair from node:crypto, the credential
 * and assertion bytes laid out as WebAuthn says, with "none" attestation. It only signs; every check is the
 * server's, through @simplewebauthn/server. Its knobs let a test be the attacker: another origin or RP ID,
 * a counter that goes back, a signature with a flipped bit.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps (all WebAuthn needs). */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Ceremony {
  /** The options' challenge. */
  readonly challenge: string;
  readonly rpId: string;
  readonly origin: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #key: KeyObject;
  readonly #public: KeyObject;
  /** The signature counter; a test may set it back. */
  counter = 0;
  /** The user handle the options gave at registration. */
  userHandle = '';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#key = pair.privateKey;
    this.#public = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  #authData(rpId: string, attested: boolean): Buffer {
    // UP | UV, and AT when a credential is attached.
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha(rpId), Buffer.from([flags]), count];
    if (attested) {
      const jwk = this.#public.export({ format: 'jwk' });
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, cose);
    }
    return Buffer.concat(parts);
  }

  /** The browser's JSON answer to registration options. */
  register(ceremony: Ceremony, userHandle: string): Record<string, unknown> {
    this.userHandle = userHandle;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: ceremony.challenge,
        origin: ceremony.origin,
        crossOrigin: false,
      }),
    );
    const attestation = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.#authData(ceremony.rpId, true)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: attestation.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's JSON answer to sign-in options; the counter moves on first. `tamper` flips a signature bit. */
  assert(
    ceremony: Ceremony,
    options: { readonly tamper?: boolean; readonly step?: number } = {},
  ): Record<string, unknown> {
    this.counter += options.step ?? 1;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: ceremony.challenge,
        origin: ceremony.origin,
        crossOrigin: false,
      }),
    );
    const authData = this.#authData(ceremony.rpId, false);
    const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), this.#key);
    if (options.tamper === true) signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
