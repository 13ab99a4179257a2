import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/core/policy/policy.ts
var PolicyError = class extends Error {
  name = "PolicyError";
};

export {
  PolicyError
};
//# sourceMappingURL=chunk-LIBJY43S.js.map
