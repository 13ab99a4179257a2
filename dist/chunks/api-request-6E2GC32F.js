import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_api_request
} from "./chunk-YE6AFUCG.js";
import "./chunk-3XPIJW7F.js";
import "./chunk-FIYEQRH3.js";
import "./chunk-RIUXWCXC.js";
export default require_api_request();
//# sourceMappingURL=api-request-6E2GC32F.js.map
