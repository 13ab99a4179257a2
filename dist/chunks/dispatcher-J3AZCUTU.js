import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_dispatcher
} from "./chunk-LLTGBHCS.js";
import "./chunk-FIYEQRH3.js";
import "./chunk-RIUXWCXC.js";
export default require_dispatcher();
//# sourceMappingURL=dispatcher-J3AZCUTU.js.map
