import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  deliveryKey
} from "./chunk-JTBHCSTL.js";

// src/report/sarif-file-delivery.ts
var SARIF_FILE_DELIVERED = deliveryKey("SARIF file", void 0);

export {
  SARIF_FILE_DELIVERED
};
//# sourceMappingURL=chunk-FI2FODY6.js.map
