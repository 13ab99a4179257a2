import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  jobSummaryFactory,
  jobSummaryReporter
} from "./chunk-M6TTIMFQ.js";
import "./chunk-OGKRM6AL.js";
import "./chunk-W6AG7AH6.js";
import "./chunk-YNNDKLNH.js";
import "./chunk-FI2FODY6.js";
import "./chunk-SERTICK7.js";
import "./chunk-D6TG47T5.js";
import "./chunk-RUECQSS5.js";
import "./chunk-TF5Z63NO.js";
import "./chunk-YX3WZ7YO.js";
import "./chunk-AJMDYKUH.js";
import "./chunk-2MCR5RCG.js";
import "./chunk-JTBHCSTL.js";
import "./chunk-WNLN7TCM.js";
import "./chunk-QTPT64TT.js";
import "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";
export {
  jobSummaryFactory,
  jobSummaryReporter
};
//# sourceMappingURL=job-summary-reporter-LUUAKJ74.js.map
