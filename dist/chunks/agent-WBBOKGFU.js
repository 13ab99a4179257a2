import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_agent
} from "./chunk-37T7EBQY.js";
import "./chunk-PNNAZLXE.js";
import "./chunk-P2AZZKHB.js";
import "./chunk-CWVHX7WJ.js";
import "./chunk-RIUXWCXC.js";
export default require_agent();
//# sourceMappingURL=agent-WBBOKGFU.js.map
