import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_dispatcher
} from "./chunk-PNNAZLXE.js";
import "./chunk-CWVHX7WJ.js";
import "./chunk-RIUXWCXC.js";
export default require_dispatcher();
//# sourceMappingURL=dispatcher-5ZGGV6TS.js.map
