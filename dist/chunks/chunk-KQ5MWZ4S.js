import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/client/logger.ts
var NOOP_LOGGER = Object.freeze({
  debug: () => void 0,
  info: () => void 0,
  warning: () => void 0,
  startGroup: () => void 0,
  endGroup: () => void 0
});
function warningsAsInfo(logger) {
  return {
    ...logger,
    warning: (message) => {
      logger.info(`Warning: ${message}`);
    }
  };
}

// src/client/redact.ts
var REDACTED = "[REDACTED]";
var MIN_ENCODED_SECRET_LENGTH = 8;
function secretForms(secret) {
  if (secret.length === 0) return [];
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  if (secret.length >= MIN_ENCODED_SECRET_LENGTH) {
    const component = encodeURIComponent(secret);
    const everyByte = [...Buffer.from(secret, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
    forms.push(component, lowerCaseHex(component), everyByte, everyByte.toUpperCase());
    for (const plain of [secret, `Bearer ${secret}`]) forms.push(...base64Forms(plain));
  }
  return [...new Set(forms)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}
function lowerCaseHex(percentEncoded) {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}
function base64Forms(plain) {
  const bytes = Buffer.from(plain, "utf8");
  const forms = [bytes.toString("base64"), bytes.toString("base64url")];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < 6) continue;
    const aligned = bytes.subarray(skip, skip + whole);
    forms.push(aligned.toString("base64"), aligned.toString("base64url"));
  }
  return forms;
}
function createRedactor(...secrets) {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.replaceAll(form, REDACTED);
    return result;
  };
}
function redactValue(value, redact) {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value !== null && typeof value === "object") {
    const copy = /* @__PURE__ */ Object.create(null);
    for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactValue(item, redact);
    return copy;
  }
  return value;
}
function redactCause(cause, redact) {
  if (!(cause instanceof Error)) {
    return typeof cause === "string" ? redact(cause) : cause;
  }
  const stack = cause.stack ?? "";
  if (redact(cause.message) === cause.message && redact(stack) === stack) return cause;
  const copy = new Error(redact(cause.message));
  copy.name = cause.name;
  copy.stack = redact(stack);
  const code = cause.code;
  if (code !== void 0) Object.assign(copy, { code });
  return copy;
}

export {
  secretForms,
  createRedactor,
  redactValue,
  redactCause,
  NOOP_LOGGER,
  warningsAsInfo
};
//# sourceMappingURL=chunk-KQ5MWZ4S.js.map
