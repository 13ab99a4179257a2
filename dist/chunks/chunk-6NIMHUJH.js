import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  isModuleComplete
} from "./chunk-WNLN7TCM.js";

// src/domain/partial-scan.ts
function partialScanReason(scan) {
  const incomplete = scan.modules.filter((module) => !isModuleComplete(module.status)).map((module) => `${module.name} (${module.status})`);
  if (incomplete.length === 0) return void 0;
  const named = incomplete.join(", ");
  const one = incomplete.length === 1;
  return `${one ? "Module" : "Modules"} ${named} did not complete and ${one ? "its" : "their"} findings are missing from the scan`;
}

export {
  partialScanReason
};
//# sourceMappingURL=chunk-6NIMHUJH.js.map
