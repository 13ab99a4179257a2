import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  uploadSarif,
  waitForProcessing
} from "./chunk-OIP5DKJP.js";
import {
  sarifPlaceOf,
  sarifRunOf
} from "./chunk-XPIZXFDH.js";
import "./chunk-6NIMHUJH.js";
import {
  countedSeverity,
  cutText
} from "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import "./chunk-DDEMGQ4X.js";
import {
  accountIdOf,
  isTokenAccount
} from "./chunk-ON4IMCVJ.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  TRIAGE_PERMISSIONS,
  UPLOAD_PERMISSIONS
} from "./chunk-VEUFIVSE.js";
import {
  SARIF_TOOL_NAME,
  sarifCategoryOf
} from "./chunk-NDORBLCC.js";
import "./chunk-XDHJISCG.js";
import "./chunk-TF5Z63NO.js";
import "./chunk-JAMHECB7.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import {
  grantOf
} from "./chunk-JTBHCSTL.js";
import "./chunk-DTJGZLIT.js";
import {
  realSleep
} from "./chunk-BBYHN6AK.js";
import "./chunk-KQ5MWZ4S.js";
import "./chunk-WNLN7TCM.js";
import "./chunk-QJCS3XWK.js";
import "./chunk-4FZBDBB5.js";
import {
  isAtOrAbove
} from "./chunk-QTPT64TT.js";
import "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";

// src/code-scanning/alert-matching.ts
function matchAlerts(findings, alerts) {
  const byKey = /* @__PURE__ */ new Map();
  for (const alert of alerts) {
    const key = `${alert.ruleId}\0${alert.path}`;
    byKey.set(key, [...byKey.get(key) ?? [], alert]);
  }
  const pairs = [];
  findings.forEach((finding, index) => {
    if (finding.path === void 0) return;
    for (const alert of byKey.get(`${finding.ruleId}\0${finding.path}`) ?? [])
      pairs.push({ finding: index, alert, distance: Math.abs(alert.line - finding.line) });
  });
  pairs.sort((a, b) => a.distance - b.distance || a.finding - b.finding || a.alert.number - b.alert.number);
  const matched = /* @__PURE__ */ new Map();
  const taken = /* @__PURE__ */ new Set();
  for (const pair of pairs) {
    if (matched.has(pair.finding) || taken.has(pair.alert.number)) continue;
    matched.set(pair.finding, pair.alert);
    taken.add(pair.alert.number);
  }
  return matched;
}
function dismissedAlertAt(place, severity, alerts, taken) {
  if (place.path === void 0) return void 0;
  return alerts.find(
    (alert) => !taken.has(alert.number) && alert.ruleId === place.ruleId && alert.path === place.path && alert.line === place.line && isAtOrAbove(alert.securitySeverityLevel ?? "info", severity)
  );
}

// src/code-scanning/policy-dismissal.ts
var POLICY_DISMISSAL_PREFIX = "svc-scan policy ";
var MAX_DISMISSAL_COMMENT = 280;
function policyDismissalComment(entry) {
  const what = entry.label.replace(/^ignore\[\d+\]:?\s*/, "").replace(/^\((.*)\)$/, "$1");
  const expiry = entry.expires ? `, expires ${entry.expires}` : "";
  const head = `${POLICY_DISMISSAL_PREFIX}ignore[${entry.entry}] (${what}): `;
  const room = MAX_DISMISSAL_COMMENT - head.length - expiry.length;
  const reason = cutText(entry.reason.replace(/\s+/g, " ").trim(), Math.max(1, room));
  return `${head}${reason}${expiry}`.slice(0, MAX_DISMISSAL_COMMENT);
}
function isPolicyDismissal(comment) {
  return comment?.startsWith(POLICY_DISMISSAL_PREFIX) === true;
}

// src/code-scanning/triage-plan.ts
function planTriage(findings, alerts, accountId) {
  const live = alerts.filter((alert) => alert.state !== "fixed");
  const matched = matchAlerts(
    findings.map((finding) => finding.place),
    live
  );
  const plan = { dismiss: [], reopen: [] };
  findings.forEach((finding, index) => {
    const alert = matched.get(index);
    if (!alert) return;
    if (finding.suppressedBy) {
      const comment = policyDismissalComment(finding.suppressedBy);
      if (alert.state === "open") plan.dismiss.push({ alert: alert.number, comment });
    } else if (alert.state === "dismissed" && isOwnDismissal(alert, accountId)) {
      plan.reopen.push(alert.number);
    }
  });
  return plan;
}
function isOwnDismissal(alert, accountId) {
  return accountId !== void 0 && alert.dismissedById === accountId && isPolicyDismissal(alert.dismissedComment);
}

// src/code-scanning/code-scanning-alerts.ts
var text = (value) => typeof value === "string" ? value : void 0;
var SECURITY_SEVERITY_LEVELS = ["critical", "high", "medium", "low"];
function securitySeverityLevelOf(value) {
  return SECURITY_SEVERITY_LEVELS.includes(value) ? value : void 0;
}
function readAlert(raw) {
  const state = raw.state;
  if (typeof raw.number !== "number" || state !== "open" && state !== "dismissed" && state !== "fixed")
    return void 0;
  const instance = raw.most_recent_instance;
  const line = instance?.location?.start_line;
  return {
    number: raw.number,
    state,
    ruleId: text(raw.rule?.id) ?? "",
    securitySeverityLevel: securitySeverityLevelOf(raw.rule?.security_severity_level),
    path: text(instance?.location?.path) ?? "",
    line: typeof line === "number" ? line : 0,
    category: (text(instance?.category) ?? "").replace(/\/+$/, ""),
    htmlUrl: text(raw.html_url) ?? "",
    dismissedBy: text(raw.dismissed_by?.login),
    dismissedById: accountIdOf(raw.dismissed_by?.id),
    dismissedAt: text(raw.dismissed_at),
    dismissedReason: text(raw.dismissed_reason),
    dismissedComment: text(raw.dismissed_comment) ?? null
  };
}
async function listAlerts(client, query) {
  const raw = await client.listAll("GET /repos/{owner}/{repo}/code-scanning/alerts", {
    owner: query.owner,
    repo: query.repo,
    tool_name: query.tool,
    ...query.state === void 0 ? {} : { state: query.state },
    ...query.ref === void 0 ? {} : { ref: query.ref }
  });
  const category = query.category.replace(/\/+$/, "");
  return raw.flatMap((item) => readAlert(item) ?? []).filter((alert) => alert.category === category);
}
async function dismissAlert(client, where, alert, comment) {
  const response = await client.request("PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}", {
    ...where,
    alert_number: alert,
    state: "dismissed",
    dismissed_reason: "won't fix",
    dismissed_comment: comment,
    create_request: true
  });
  return response.data.state === "dismissed" ? "dismissed" : "requested";
}
async function reopenAlert(client, where, alert) {
  await client.request("PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}", {
    ...where,
    alert_number: alert,
    state: "open"
  });
}

// src/code-scanning/code-scanning-triage.ts
var SECURITY_EVENTS_FIX = `give the job ${grantOf(TRIAGE_PERMISSIONS)}, and on a private repository GitHub Advanced Security`;
function codeScanningRef(environment) {
  if (environment.pullRequest !== void 0) return `refs/pull/${environment.pullRequest}/head`;
  return environment.ref;
}
async function withDismissedAlerts(policy, github, triage, { log, toolkit }) {
  if (triage.notWorkflowHead !== void 0) {
    log.info(`${triage.notWorkflowHead}: no dismissed code scanning alert takes a finding out of the gate.`);
    return policy;
  }
  let dismissed;
  try {
    dismissed = await readPersonDismissals(github, triage.category);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const fix = error instanceof GitHubError && error.refused ? `: ${SECURITY_EVENTS_FIX}` : "";
    log.warning(
      `Could not read the dismissed code scanning alerts (${reason}); the gate counts their findings${fix}.`
    );
    return policy;
  }
  if (dismissed.length === 0) return policy;
  log.info(
    `${dismissed.length} code scanning ${dismissed.length === 1 ? "alert" : "alerts"} of ${SARIF_TOOL_NAME} dismissed on GitHub: each covers a finding only at its place, no more severe than its rule, and never a new one.`
  );
  return {
    ...policy,
    dismissals: dismissalsOf(dismissed, (text2) => toolkit.scrub(text2)),
    source: policy.source ?? "none: the suppressions below are code scanning alerts dismissed on GitHub"
  };
}
async function readPersonDismissals(github, category) {
  const { owner, repo } = github.environment;
  const query = { owner, repo, tool: SARIF_TOOL_NAME, category, state: "dismissed" };
  const ref = codeScanningRef(github.environment);
  const lists = [await listAlerts(github.client, query)];
  if (ref !== void 0) lists.push(await listAlerts(github.client, { ...query, ref }));
  const byNumber = new Map(lists.flat().map((alert) => [alert.number, alert]));
  const dismissed = [...byNumber.values()].filter((alert) => !isPolicyDismissal(alert.dismissedComment));
  if (dismissed.length === 0) return [];
  const identity = await github.account.identity();
  return dismissed.filter((alert) => !isTokenAccount(identity, alert.dismissedById));
}
function dismissalsOf(alerts, scrub) {
  const placeOf = (finding) => sarifPlaceOf({ ...finding, filePath: finding.file_path }, scrub);
  return {
    after: (base, newFindings) => {
      const newPlaces = new Set(newFindings.map((finding) => placeKey(placeOf(finding))));
      return {
        active: true,
        classifier: () => {
          const classify = base.classifier();
          const taken = /* @__PURE__ */ new Set();
          return (finding) => {
            const excluded = classify(finding);
            if (excluded !== void 0) return excluded;
            const place = placeOf(finding);
            if (newPlaces.has(placeKey(place))) return void 0;
            const alert = dismissedAlertAt(place, countedSeverity(finding.severity), alerts, taken);
            if (alert === void 0) return void 0;
            taken.add(alert.number);
            return dismissalExclusion(alert);
          };
        }
      };
    }
  };
}
function placeKey(place) {
  return `${place.ruleId}\0${place.path ?? ""}\0${place.line}`;
}
function dismissalExclusion(alert) {
  const who = alert.dismissedBy ? `@${alert.dismissedBy}` : "someone";
  const when = alert.dismissedAt ? ` on ${alert.dismissedAt.slice(0, 10)}` : "";
  return {
    kind: "suppressed",
    entry: -1,
    label: `code scanning alert #${alert.number} dismissed by ${who}${when} as ${alert.dismissedReason ?? "dismissed"} (${alert.htmlUrl})`,
    reason: alert.dismissedComment?.trim() || "no comment given",
    alertUrl: alert.htmlUrl
  };
}
async function defaultBranchAlerts(github, category) {
  const { owner, repo } = github.environment;
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category });
  return new Set(alerts.map((alert) => alert.number));
}
async function ownsDefaultBranch(github) {
  const { owner, repo, ref, forChange, defaultBranch } = github.environment;
  if (forChange || !ref?.startsWith("refs/heads/")) return false;
  const branch = defaultBranch ?? await readDefaultBranch(github.client, owner, repo);
  return branch !== void 0 && ref === `refs/heads/${branch}`;
}
async function readDefaultBranch(client, owner, repo) {
  const response = await client.request("GET /repos/{owner}/{repo}", { owner, repo });
  const branch = response.data.default_branch;
  return typeof branch === "string" && branch !== "" ? branch : void 0;
}
async function triageAfterUpload(github, category, findings) {
  const { owner, repo } = github.environment;
  const ref = codeScanningRef(github.environment);
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category, ref });
  const identity = await github.account.identity();
  const plan = planTriage(findings, alerts, identity.known ? identity.id : void 0);
  const shared = await ownsDefaultBranch(github) ? /* @__PURE__ */ new Set() : await defaultBranchAlerts(github, category);
  const outcome = {
    dismissed: 0,
    requested: 0,
    reopened: 0,
    leftToDefaultBranch: { dismiss: [], reopen: [] },
    ...identity.known ? {} : { accountUnknown: identity.reason }
  };
  for (const { alert, comment } of plan.dismiss) {
    if (shared.has(alert)) outcome.leftToDefaultBranch.dismiss.push(alert);
    else outcome[await dismissAlert(github.client, { owner, repo }, alert, comment)] += 1;
  }
  for (const alert of plan.reopen) {
    if (shared.has(alert)) outcome.leftToDefaultBranch.reopen.push(alert);
    else {
      await reopenAlert(github.client, { owner, repo }, alert);
      outcome.reopened += 1;
    }
  }
  return outcome;
}
function triageLine(outcome) {
  const done = `Code scanning alerts: ${outcome.dismissed} dismissed for the policy, ${outcome.reopened} reopened (their suppression is gone), ${outcome.requested} dismissal requests filed`;
  const unknown = outcome.accountUnknown === void 0 ? "" : ` None is reopened: could not tell which account the token acts as (${outcome.accountUnknown}).`;
  const { dismiss, reopen } = outcome.leftToDefaultBranch;
  const left = dismiss.length + reopen.length;
  if (left === 0) return `${done}.${unknown}`;
  const would = [
    dismiss.length > 0 ? `dismissed ${numbers(dismiss)}` : "",
    reopen.length > 0 ? `reopened ${numbers(reopen)}` : ""
  ].filter((part) => part !== "");
  return `${done}; ${left} the default branch also has are left to its run, under the policy merged there (this run is not the default branch's; it would have ${would.join(" and ")}).${unknown}`;
}
function numbers(alerts) {
  return alerts.map((alert) => `#${alert}`).join(", ");
}

// src/code-scanning/code-scanning-upload-reporter.ts
var codeScanningUploadFactory = {
  create: (own, run) => {
    if (!own.uploadSarif) return void 0;
    if (run.github === void 0) {
      run.logger.warning(
        "upload-sarif needs github-token and the workflow's repository and commit: nothing is uploaded to code scanning."
      );
      return void 0;
    }
    return new CodeScanningUploadReporter({
      github: run.github,
      category: sarifCategoryOf(run.settings),
      sarif: sarifRunOf(run),
      signal: run.signal,
      waitForProcessing: own.waitForProcessing,
      triage: own.codeScanningTriage,
      pollMs: run.settings.pollIntervalSeconds * 1e3
    });
  },
  // code-scanning-triage: the alerts a person dismissed take their findings out of the gate.
  planBeforeVerdict: (own, run) => {
    const github = run.github;
    if (!own.codeScanningTriage || github === void 0) return void 0;
    const triage = { category: sarifCategoryOf(run.settings), notWorkflowHead: run.notWorkflowHead };
    return (policy) => withDismissedAlerts(policy, github, triage, { log: run.logger, toolkit: run.toolkit });
  }
};
var NOT_UPLOADED = "so nothing was uploaded to code scanning: an upload missing findings would close their alerts as fixed";
var CodeScanningUploadReporter = class {
  name = "code scanning upload";
  #target;
  constructor(target) {
    this.#target = target;
  }
  async finish(report, context) {
    const notes = [];
    const warn = (message, outputs2) => {
      context.log.warning(message);
      notes.push(message);
      return outputs2 ? { outputs: outputs2, notes } : { notes };
    };
    const ref = codeScanningRef(this.#target.github.environment);
    const why = notUploadable(report, context, ref);
    if (why !== void 0) return warn(`${why}, ${NOT_UPLOADED}.`);
    const written = await this.#written(report, context);
    if (typeof written === "string") return warn(`${written}, ${NOT_UPLOADED}.`);
    const id = await this.#upload(written, ref ?? "", context.links?.sha ?? "", context).catch(
      (error) => {
        if (error instanceof GitHubError && error.refused) return warn(refusal(error));
        throw error;
      }
    );
    if (typeof id !== "string") return id;
    const outputs = { "sarif-id": id };
    if (!this.#target.waitForProcessing) {
      if (this.#target.triage)
        context.log.info(
          "wait-for-processing is false: no alert is dismissed or reopened after the upload, which needs the processed analysis."
        );
      return { outputs, notes };
    }
    const processing = await this.#processing(id).catch((error) => error);
    if (processing instanceof Error)
      return warn(
        `Could not read code scanning's processing of the upload (${processing.message}); the upload stands (sarif-id ${id}), and no alert was triaged.`,
        outputs
      );
    if (processing.analysesUrl) outputs["analysis-url"] = processing.analysesUrl;
    const problem = processingProblem(processing);
    if (problem) warn(problem);
    else context.log.info("Code scanning processed the upload: complete.");
    if (processing.status === "complete" && this.#target.triage)
      await this.#triage(written.findings, context, warn);
    return { outputs, notes };
  }
  #processing(id) {
    const { owner, repo } = this.#target.github.environment;
    return waitForProcessing(this.#target.github.client, { owner, repo }, id, {
      signal: this.#target.signal,
      sleep: this.#target.sleep ?? realSleep,
      pollMs: this.#target.pollMs
    });
  }
  async #upload(written, ref, commitSha, context) {
    const { owner, repo } = this.#target.github.environment;
    const id = await uploadSarif(this.#target.github.client, { owner, repo, commitSha, ref }, written.log);
    const capped = written.leftOut > 0 ? `; ${written.leftOut} less severe findings left out (sarif-max-results)` : "";
    context.log.info(
      `Uploaded ${written.summary.results} results to code scanning for ${ref} at ${commitSha} (sarif-id ${id})${capped}.`
    );
    return id;
  }
  /** The run's SARIF run (built once, for the SARIF file too), or why there is none to upload. */
  async #written(report, context) {
    const outcome = await this.#target.sarif.of(report, context);
    if (outcome.kind === "built") return outcome;
    if (outcome.kind === "partial") return outcome.reason;
    if (outcome.kind === "none") return `The run ended without reading every finding (${report.outcome})`;
    return outcome.aborted ? "The run ended (wait-timeout, or the workflow was cancelled) before every finding was read" : `Not every finding could be read (${outcome.error.message})`;
  }
  async #triage(findings, context, warn) {
    try {
      const outcome = await triageAfterUpload(this.#target.github, this.#target.category, findings);
      context.log.info(triageLine(outcome));
      if (outcome.requested > 0)
        warn(
          `Delegated alert dismissal is on: ${outcome.requested} dismissal requests for findings the policy suppresses wait for a reviewer in the Security tab.`
        );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      warn(`Could not triage the code scanning alerts (${reason}); the upload stands.`);
    }
  }
};
function notUploadable(report, context, ref) {
  if (report.outcome === "skipped") return "No scan ran (nothing in paths changed)";
  if (report.results === void 0 || report.scan === void 0)
    return `The run ended without reading every finding (${report.outcome})`;
  if (context.links === void 0)
    return "The scan is not of the workflow's own repository at its commit, whose code scanning the upload would change";
  if (ref === void 0) return "GITHUB_REF is not set, and code scanning needs the ref";
  return void 0;
}
function processingProblem(processing) {
  if (processing.status === "failed")
    return `Code scanning failed to process the upload: ${processing.errors.join("; ") || "no reason given"}.`;
  if (processing.status === "pending")
    return "Code scanning was still processing the upload when the run reached its deadline; the Security tab shows the result once done (no alert was triaged).";
  return void 0;
}
function refusal(error) {
  return `Code scanning refused the upload (${error.message}): give the job ${grantOf(UPLOAD_PERMISSIONS)}; a private repository needs GitHub Advanced Security (Code Security); a pull request from a fork gets a read-only token, so upload from a push or a schedule instead. The verdict stands.`;
}
export {
  codeScanningUploadFactory
};
//# sourceMappingURL=code-scanning-upload-reporter-LVINA6NU.js.map
