import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  sarifRunOf,
  writeFileAtomically
} from "./chunk-XPIZXFDH.js";
import "./chunk-6NIMHUJH.js";
import {
  IncompleteListError
} from "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import "./chunk-DDEMGQ4X.js";
import {
  SARIF_FILE_DELIVERED
} from "./chunk-FI2FODY6.js";
import {
  resolveSarifPath
} from "./chunk-NDORBLCC.js";
import "./chunk-XDHJISCG.js";
import "./chunk-TF5Z63NO.js";
import "./chunk-JAMHECB7.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import {
  delivered
} from "./chunk-JTBHCSTL.js";
import "./chunk-DTJGZLIT.js";
import "./chunk-BBYHN6AK.js";
import "./chunk-KQ5MWZ4S.js";
import "./chunk-WNLN7TCM.js";
import "./chunk-QJCS3XWK.js";
import "./chunk-4FZBDBB5.js";
import "./chunk-QTPT64TT.js";
import "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";

// src/code-scanning/sarif-file-reporter.ts
var sarifFileFactory = {
  create: ({ sarifFile }, run) => sarifFile === void 0 ? void 0 : new SarifFileReporter(sarifFile, sarifRunOf(run))
};
var SarifFileReporter = class {
  name = "SARIF file";
  /** Absolute path (settings.sarifFile). */
  #path;
  #sarif;
  constructor(path, sarif) {
    this.#path = path;
    this.#sarif = sarif;
  }
  async finish(report, context) {
    const outcome = await this.#sarif.of(report, context);
    if (outcome.kind === "none") return void 0;
    if (outcome.kind === "partial") {
      context.log.warning(
        `${outcome.reason}, so no SARIF file was written: code scanning would close their alerts as fixed.`
      );
      return void 0;
    }
    if (outcome.kind === "unread") throw explainFailure(outcome);
    const path = resolveSarifPath(this.#path, "");
    await writeFileAtomically(path, (sink) => sink.write(outcome.log));
    const { summary, leftOut } = outcome;
    const limits = leftOut > 0 ? `; ${leftOut} findings left out by code scanning's limits` : "";
    context.log.info(
      `SARIF file written: ${path} (${summary.results} results, ${summary.rules} rules${limits}).`
    );
    return {
      delivered: [delivered(SARIF_FILE_DELIVERED, { path, results: summary.results, leftOut })],
      outputs: { "sarif-file": path }
    };
  }
};
function explainFailure(outcome) {
  if (outcome.aborted)
    return new Error(
      "the run ended (wait-timeout, or the workflow was cancelled) before every finding was read, so no file was written"
    );
  if (outcome.error instanceof IncompleteListError)
    return new Error(`${outcome.error.message}; no file was written, since one would leave findings out`);
  return outcome.error;
}
export {
  SarifFileReporter,
  sarifFileFactory
};
//# sourceMappingURL=sarif-file-reporter-JWBCEGOW.js.map
