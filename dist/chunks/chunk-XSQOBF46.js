import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  annotationLevel
} from "./chunk-DDEMGQ4X.js";
import {
  ANNOTATIONS_DELIVERED
} from "./chunk-YX3WZ7YO.js";
import {
  delivered
} from "./chunk-JTBHCSTL.js";
import {
  escapeAnnotationMessage,
  escapeAnnotationProperty
} from "./chunk-CQTUBHRC.js";

// src/report/annotations/annotations.ts
var MAX_PATH_LENGTH = 4096;
var ANNOTATION_LIMITS = {
  perLevelPerStep: { error: 9, warning: 10, notice: 10 },
  perJob: 50
};
function planAnnotations(findings, reportedTotal, budget = {}) {
  const perLevel = {
    error: 0,
    warning: budget.warningsUsed ?? 0,
    notice: 0
  };
  const annotations = [];
  for (const finding of findings) {
    if (annotations.length >= ANNOTATION_LIMITS.perJob) break;
    const level = annotationLevel(finding.severity);
    if (perLevel[level] >= ANNOTATION_LIMITS.perLevelPerStep[level]) continue;
    perLevel[level] += 1;
    annotations.push(annotationFor(finding, level));
  }
  return { annotations, notShown: Math.max(0, reportedTotal - annotations.length) };
}
function findingDetails(finding) {
  return [
    `Severity: ${finding.originalSeverity ?? finding.severity}`,
    finding.cwe,
    finding.owasp ? `OWASP ${finding.owasp}` : void 0,
    finding.id ? `finding ${finding.id}` : void 0,
    // What a policy suppresses it by (ignore: - fingerprint: …), as the SARIF file's partialFingerprints carry it.
    finding.fingerprint ? `fingerprint ${finding.fingerprint}` : void 0
  ].filter((part) => Boolean(part));
}
function annotationFor(finding, level) {
  const details = findingDetails(finding);
  const annotation = {
    level,
    title: escapeAnnotationProperty(`${finding.severity.toUpperCase()}: ${finding.title}`),
    message: escapeAnnotationMessage(`${finding.title}
${details.join(" \xB7 ")}`)
  };
  const file = finding.filePath.replace(/^\.\//, "");
  if (file && file.length <= MAX_PATH_LENGTH) {
    annotation.file = escapeAnnotationProperty(file, MAX_PATH_LENGTH);
    if (Number.isInteger(finding.line) && finding.line > 0) annotation.startLine = finding.line;
  }
  return annotation;
}

// src/report/annotations/workflow-annotations-reporter.ts
var workflowAnnotationsReporter = {
  name: "workflow-command annotations",
  needs: { rows: 0, perSeverity: ANNOTATION_LIMITS.perLevelPerStep.warning },
  finish(report, { log, toolkit }) {
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const plan = planAnnotations(results.findings, results.reportedTotal, {
      warningsUsed: report.notes.length
    });
    for (const annotation of plan.annotations) {
      toolkit.annotate(annotation.level, annotation.message, {
        title: annotation.title,
        ...annotation.file === void 0 ? {} : { file: annotation.file },
        ...annotation.startLine === void 0 ? {} : { startLine: annotation.startLine }
      });
    }
    if (plan.notShown > 0) {
      log.info(
        `${plan.notShown} reported findings are not shown as annotations: GitHub shows at most 10 annotations of each level from a step. The job summary lists them.`
      );
    }
    return Promise.resolve({
      delivered: [
        delivered(ANNOTATIONS_DELIVERED, {
          sink: "workflow commands",
          shown: plan.annotations.length,
          notShown: plan.notShown
        })
      ]
    });
  }
};
var workflowAnnotationsFactory = {
  create: (_own, run) => run.settings.annotations === "workflow-commands" ? workflowAnnotationsReporter : void 0
};

export {
  findingDetails,
  workflowAnnotationsReporter,
  workflowAnnotationsFactory
};
//# sourceMappingURL=chunk-XSQOBF46.js.map
