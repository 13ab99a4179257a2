import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_api_connect
} from "./chunk-FW22OA47.js";
import "./chunk-3XPIJW7F.js";
import "./chunk-FIYEQRH3.js";
import "./chunk-RIUXWCXC.js";
export default require_api_connect();
//# sourceMappingURL=api-connect-6IHPS5L7.js.map
