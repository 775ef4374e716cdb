/**
 * Signed-out devices' sockets (issue 51 item 3). Every HTTP request reads its device's row, so a signed-out
 * device is refused at once there; a socket said who it was once, at its hello, so the process that signs a
 * device out also tells every process holding one of its sockets (with Redis, the channel
 * `<prefix>device:<id>`, carrying no secret), which closes them with `device/revoked`.
 */
import type { LobbyBus } from '../lobby/lobby-bus.ts';

export class SignOuts {
  readonly #bus: LobbyBus;

  constructor(bus: LobbyBus) {
    this.#bus = bus;
  }

  /** These devices were signed out (by this process): close their sockets everywhere. */
  revoked(deviceIds: readonly string[]): void {
    for (const id of deviceIds) this.#bus.paired(id);
  }

  /** Hears of device `deviceId`'s sign-out until the returned function is called. */
  watch(deviceId: string, signedOut: () => void): Promise<() => void> {
    return this.#bus.subscribe(deviceId, signedOut);
  }
}
