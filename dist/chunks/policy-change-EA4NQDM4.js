import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  describePolicyChange
} from "./chunk-55YMX5IP.js";
import "./chunk-7MV5OO5A.js";
import "./chunk-IV4NH4XR.js";
import "./chunk-RIUXWCXC.js";
export {
  describePolicyChange
};
//# sourceMappingURL=policy-change-EA4NQDM4.js.map
