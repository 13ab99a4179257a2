import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_env_http_proxy_agent
} from "./chunk-AIXBIWZI.js";
import "./chunk-5VNUERJ7.js";
import "./chunk-RIUXWCXC.js";
export default require_env_http_proxy_agent();
//# sourceMappingURL=env-http-proxy-agent-X42RIRML.js.map
