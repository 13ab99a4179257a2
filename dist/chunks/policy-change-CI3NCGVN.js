import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  describePolicyChange
} from "./chunk-XYU6EZQQ.js";
import "./chunk-VOKVJRS4.js";
import "./chunk-QTPT64TT.js";
import "./chunk-DR7C4T6Y.js";
import "./chunk-HXRTW7JD.js";
import "./chunk-RIUXWCXC.js";
export {
  describePolicyChange
};
//# sourceMappingURL=policy-change-CI3NCGVN.js.map
