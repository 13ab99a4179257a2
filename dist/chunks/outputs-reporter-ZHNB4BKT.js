import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  outputsFactory,
  outputsReporter
} from "./chunk-BA7GJAUD.js";
import "./chunk-JZ7SIFTV.js";
import "./chunk-AJMDYKUH.js";
import "./chunk-2MCR5RCG.js";
import "./chunk-JTBHCSTL.js";
import "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";
export {
  outputsFactory,
  outputsReporter
};
//# sourceMappingURL=outputs-reporter-ZHNB4BKT.js.map
