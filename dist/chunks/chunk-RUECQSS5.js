import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  deliveryKey
} from "./chunk-JTBHCSTL.js";

// src/report/check-run-delivery.ts
var CHECK_RUN_DELIVERED = deliveryKey(
  "check run",
  void 0
);

export {
  CHECK_RUN_DELIVERED
};
//# sourceMappingURL=chunk-RUECQSS5.js.map
