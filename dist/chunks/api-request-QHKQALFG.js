import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_api_request
} from "./chunk-WKAIQTS4.js";
import "./chunk-P2AZZKHB.js";
import "./chunk-CWVHX7WJ.js";
import "./chunk-RIUXWCXC.js";
export default require_api_request();
//# sourceMappingURL=api-request-QHKQALFG.js.map
