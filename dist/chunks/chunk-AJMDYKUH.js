import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  deliveryKey
} from "./chunk-JTBHCSTL.js";

// src/report/fix-suggestions-delivery.ts
var FIX_SUGGESTIONS_DELIVERED = deliveryKey("fix suggestions", {
  posted: 0,
  folded: []
});

export {
  FIX_SUGGESTIONS_DELIVERED
};
//# sourceMappingURL=chunk-AJMDYKUH.js.map
