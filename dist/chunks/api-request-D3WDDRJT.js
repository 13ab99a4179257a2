import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_api_request
} from "./chunk-5GCBUXST.js";
import "./chunk-5VNUERJ7.js";
import "./chunk-RIUXWCXC.js";
export default require_api_request();
//# sourceMappingURL=api-request-D3WDDRJT.js.map
