import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  deliveryKey
} from "./chunk-JTBHCSTL.js";

// src/report/annotations-delivery.ts
var ANNOTATIONS_DELIVERED = deliveryKey(
  "annotations",
  { sink: "none", shown: 0, notShown: 0 }
);

export {
  ANNOTATIONS_DELIVERED
};
//# sourceMappingURL=chunk-YX3WZ7YO.js.map
