import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_agent
} from "./chunk-BONHQHSN.js";
import "./chunk-LLTGBHCS.js";
import "./chunk-3XPIJW7F.js";
import "./chunk-FIYEQRH3.js";
import "./chunk-RIUXWCXC.js";
export default require_agent();
//# sourceMappingURL=agent-G2DTJR2T.js.map
