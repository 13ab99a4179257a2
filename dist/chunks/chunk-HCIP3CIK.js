import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/fleet/start-seal.ts
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
var StartSeal = class _StartSeal {
  #nonce;
  constructor(nonce) {
    this.#nonce = nonce;
  }
  /** A new seal with a nonce of 32 random bytes (base64url: one short state value). */
  static drawn() {
    return new _StartSeal(randomBytes(32).toString("base64url"));
  }
  get nonce() {
    return this.#nonce;
  }
  /** The seal of a scan id: HMAC-SHA256 under the nonce, hex. */
  of(scanId) {
    return createHmac("sha256", this.#nonce).update(scanId, "utf8").digest("hex");
  }
  /** Whether `mac` is this nonce's seal of `scanId` (compared in constant time). */
  holds(scanId, mac) {
    if (typeof mac !== "string" || !/^[0-9a-f]{64}$/.test(mac)) return false;
    return timingSafeEqual(Buffer.from(this.of(scanId), "hex"), Buffer.from(mac, "hex"));
  }
};

export {
  StartSeal
};
//# sourceMappingURL=chunk-HCIP3CIK.js.map
