import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/domain/severity-level.ts
function annotationLevel(severity) {
  switch (severity) {
    case "critical":
    case "high":
      return "error";
    case "medium":
      return "warning";
    case "low":
    case "info":
      return "notice";
  }
}

export {
  annotationLevel
};
//# sourceMappingURL=chunk-DDEMGQ4X.js.map
