import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_env_http_proxy_agent
} from "./chunk-LTKSM76H.js";
import "./chunk-BONHQHSN.js";
import "./chunk-LLTGBHCS.js";
import "./chunk-3XPIJW7F.js";
import "./chunk-FIYEQRH3.js";
import "./chunk-RIUXWCXC.js";
export default require_env_http_proxy_agent();
//# sourceMappingURL=env-http-proxy-agent-J6TW533J.js.map
