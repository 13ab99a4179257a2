import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  describePolicyChange
} from "./chunk-JSZHEYXG.js";
import "./chunk-LVLRSXFS.js";
import "./chunk-VOKVJRS4.js";
import "./chunk-HXRTW7JD.js";
import "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";
export {
  describePolicyChange
};
//# sourceMappingURL=policy-change-5N5XIERN.js.map
