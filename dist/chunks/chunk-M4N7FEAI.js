import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/domain/policy.ts
var PolicyError = class extends Error {
  name = "PolicyError";
};

export {
  PolicyError
};
//# sourceMappingURL=chunk-M4N7FEAI.js.map
