import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
//# sourceMappingURL=chunk-2MCR5RCG.js.map
