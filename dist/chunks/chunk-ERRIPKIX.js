import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  secretForms
} from "./chunk-KQ5MWZ4S.js";
import {
  escapeHtml,
  escapeMarkdownInline
} from "./chunk-CQTUBHRC.js";

// src/fleet/fleet-usage-error.ts
var FleetUsageError = class extends Error {
  name = "FleetUsageError";
};

// src/text/secrets.ts
var SCRUBBED = "***";
var MIN_SECRET_LENGTH = 4;
var SecretScrubber = class {
  #forms = [];
  #secrets = /* @__PURE__ */ new Set();
  add(secret) {
    if (secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    const forms = /* @__PURE__ */ new Set([...this.#forms, ...secretForms(secret)]);
    for (const form of [escapeMarkdownInline(secret), escapeHtml(secret)]) forms.add(form);
    this.#forms = [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  }
  has(secret) {
    return this.#secrets.has(secret);
  }
  scrub(text) {
    let scrubbed = text;
    for (const form of this.#forms)
      if (scrubbed.includes(form)) scrubbed = scrubbed.replaceAll(form, SCRUBBED);
    return scrubbed;
  }
};
function scrubSecrets(text, secrets) {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber.scrub(text);
}

export {
  SecretScrubber,
  scrubSecrets,
  FleetUsageError
};
//# sourceMappingURL=chunk-ERRIPKIX.js.map
