import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A seal on the ledger's `started` lines, so that the action's post step cancels only what its own main step
 * started: the main step draws a random nonce (kept in the step's state, which no other step reads) and writes
 * each started scan's id with its HMAC under it; a line another step appended to the file has no valid seal.
 */
export class StartSeal {
  readonly #nonce: string;

  constructor(nonce: string) {
    this.#nonce = nonce;
  }

  /** A new seal with a nonce of 32 random bytes (base64url: one short state value). */
  static drawn(): StartSeal {
    return new StartSeal(randomBytes(32).toString('base64url'));
  }

  get nonce(): string {
    return this.#nonce;
  }

  /** The seal of a scan id: HMAC-SHA256 under the nonce, hex. */
  of(scanId: string): string {
    return createHmac('sha256', this.#nonce).update(scanId, 'utf8').digest('hex');
  }

  /** Whether `mac` is this nonce's seal of `scanId` (compared in constant time). */
  holds(scanId: string, mac: unknown): boolean {
    if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
    return timingSafeEqual(Buffer.from(this.of(scanId), 'hex'), Buffer.from(mac, 'hex'));
  }
}
