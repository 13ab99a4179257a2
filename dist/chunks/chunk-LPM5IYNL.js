import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  jobSummaryReporter
} from "./chunk-M6TTIMFQ.js";
import {
  outputsReporter
} from "./chunk-BA7GJAUD.js";
import {
  NOTHING_DELIVERED,
  STAGES,
  mergeDeliveries
} from "./chunk-JTBHCSTL.js";
import {
  runnerToolkit,
  toolkitLogger
} from "./chunk-3J24VQEH.js";

// src/action/report-delivery.ts
function minimalReporting(toolkit) {
  return {
    reporters: [
      { reporter: jobSummaryReporter, stage: "view" },
      { reporter: outputsReporter, stage: "outputs" }
    ],
    context: reportContextOver(toolkit),
    github: void 0
  };
}
function reportContextOver(toolkit, given = {}) {
  return {
    log: toolkitLogger(toolkit),
    toolkit: runnerToolkit(toolkit),
    settings: void 0,
    links: void 0,
    runUrl: void 0,
    delivery: NOTHING_DELIVERED,
    ...given
  };
}
async function announceStart(reporting, scan) {
  const standIns = /* @__PURE__ */ new Map();
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    const standIn = await reporter.start(scan, reporting.context).catch((error) => {
      warn(reporting.context.log, reporter.name, error);
    });
    if (standIn) standIns.set(reporter, standIn);
  }
  return standIns;
}
async function deliver(reporting, report) {
  let delivery = reporting.context.delivery;
  for (const stage of STAGES) {
    for (const { reporter } of reporting.reporters.filter((staged) => staged.stage === stage)) {
      const context = { ...reporting.context, delivery };
      try {
        delivery = mergeDeliveries(delivery, [await reporter.finish(report, context)]);
      } catch (error) {
        warn(context.log, reporter.name, error);
      }
    }
  }
}
function warn(log, name, error) {
  const reason = error instanceof Error ? error.message : String(error);
  log.warning(`Could not write the ${name}: ${reason}. The verdict stands.`);
}

export {
  minimalReporting,
  announceStart,
  deliver
};
//# sourceMappingURL=chunk-LPM5IYNL.js.map
