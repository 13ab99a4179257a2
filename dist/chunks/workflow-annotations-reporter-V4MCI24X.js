import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  workflowAnnotationsFactory,
  workflowAnnotationsReporter
} from "./chunk-XSQOBF46.js";
import "./chunk-DDEMGQ4X.js";
import "./chunk-YX3WZ7YO.js";
import "./chunk-JTBHCSTL.js";
import "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";
export {
  workflowAnnotationsFactory,
  workflowAnnotationsReporter
};
//# sourceMappingURL=workflow-annotations-reporter-V4MCI24X.js.map
