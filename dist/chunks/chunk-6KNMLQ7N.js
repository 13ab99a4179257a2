import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SuppressionMatcher,
  describeSuppression,
  findingKey,
  pathScope,
  suppressionLabel,
  suppressionState
} from "./chunk-AW5ZZLB7.js";
import {
  expiredSuppressionWarning
} from "./chunk-MDKAJOYT.js";
import {
  FINDINGS_PAGE_CONCURRENCY,
  FindingFingerprinter,
  FindingTally,
  NO_FINDING_FILTER,
  countedSeverity,
  findingsToList,
  readUnfiltered,
  readsUnfiltered,
  remainingPages,
  reportedFindingOf
} from "./chunk-JQT5TS2Q.js";
import {
  KindNumbers
} from "./chunk-HAVHDHR4.js";
import {
  LISTED_COMPARED,
  scanStatusOutput
} from "./chunk-YF6BX2WK.js";
import {
  AI_RUNS_KEPT,
  LIST_KEPT,
  didNotPass
} from "./chunk-YNNDKLNH.js";
import {
  selectRemediationTargets
} from "./chunk-JZ7SIFTV.js";
import {
  ELSEWHERE
} from "./chunk-TF5Z63NO.js";
import {
  LIMITS,
  POLICY_BOUNDS
} from "./chunk-JAMHECB7.js";
import {
  cancelScan,
  describeEndedScan,
  lookUpRepository,
  startScan,
  waitForScan
} from "./chunk-RTZFZVPV.js";
import {
  fetchInOrder
} from "./chunk-DTJGZLIT.js";
import {
  classifyAiAnalysis,
  classifyScanStatus,
  classifyStatus,
  isModuleComplete
} from "./chunk-WNLN7TCM.js";
import {
  RunError
} from "./chunk-QJCS3XWK.js";
import {
  AuthError,
  PollTimeoutError,
  RequestAbortedError
} from "./chunk-4FZBDBB5.js";
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity,
  lowerOf,
  severityRank,
  zeroCounts
} from "./chunk-QTPT64TT.js";

// src/policy/policy-filter.ts
function policyFilter(scope, inForce, scrub) {
  const matchers = inForce.map((suppression) => new SuppressionMatcher(suppression));
  const fingerprinted = matchers.some((matcher) => matcher.needsFingerprint);
  const candidates = candidateIndex(matchers);
  const labels = new Map(inForce.map((suppression) => [suppression.index, suppressionLabel(suppression)]));
  return {
    active: scope !== void 0 || matchers.length > 0,
    classifier() {
      const fingerprinter = fingerprinted ? new FindingFingerprinter(scrub) : void 0;
      return (finding) => {
        const fingerprint = fingerprinter?.of(finding);
        if (scope !== void 0 && finding.file_path !== "" && !scope(finding.file_path))
          return { kind: "out-of-scope" };
        const key = findingKey(finding, fingerprint);
        const matcher = candidates(key).find((candidate) => candidate.covers(key));
        if (matcher === void 0) return void 0;
        const { suppression } = matcher;
        return {
          kind: "suppressed",
          entry: suppression.index,
          reason: suppression.reason,
          label: labels.get(suppression.index) ?? suppressionLabel(suppression),
          ...suppression.expires === void 0 ? {} : { expires: suppression.expires }
        };
      };
    }
  };
}
var NO_CANDIDATES = [];
function candidateIndex(matchers) {
  const byFingerprint = /* @__PURE__ */ new Map();
  const byCwe = /* @__PURE__ */ new Map();
  const byTitle = /* @__PURE__ */ new Map();
  const add = (index, key, matcher) => {
    index.set(key, [...index.get(key) ?? [], matcher]);
  };
  for (const matcher of matchers) {
    const { fingerprint, cwe, title } = matcher.suppression;
    if (fingerprint !== void 0) add(byFingerprint, fingerprint, matcher);
    else if (cwe !== void 0) add(byCwe, cwe, matcher);
    else if (title !== void 0) add(byTitle, title.toLowerCase(), matcher);
  }
  return (key) => {
    const fingerprinted = key.fingerprint === void 0 ? void 0 : byFingerprint.get(key.fingerprint);
    const ofCwe = key.cwe === void 0 ? void 0 : byCwe.get(key.cwe);
    const titled = byTitle.get(key.title);
    const given = (fingerprinted ? 1 : 0) + (ofCwe ? 1 : 0) + (titled ? 1 : 0);
    if (given < 2) return fingerprinted ?? ofCwe ?? titled ?? NO_CANDIDATES;
    return [...fingerprinted ?? [], ...ofCwe ?? [], ...titled ?? []].sort(
      (a, b) => a.suppression.index - b.suppression.index
    );
  };
}

// src/run/run-policy-of.ts
async function loadPolicyParser() {
  const [{ parsePolicy }, { describePolicyChange }] = await Promise.all([
    import("./parse-policy-GIACQ3TW.js"),
    import("./policy-change-ZLQHQK32.js")
  ]);
  return { parsePolicy: (text, file) => parsePolicy(text, file, POLICY_BOUNDS), describePolicyChange };
}
function runPolicyOf(loaded, settings, today) {
  const entries = loaded.policy?.ignore ?? [];
  const suppressions = entries.map((entry) => ({ entry, state: suppressionState(entry, today) }));
  const inForce = suppressions.filter(({ state }) => state !== "expired").map(({ entry }) => entry);
  const scope = pathScope(settings.paths, settings.pathsIgnore);
  return {
    filter: policyFilter(scope, inForce),
    inScope: scope,
    suppressions: suppressions.map(({ entry, state }) => reported(entry, state)),
    source: loaded.source,
    change: loaded.change,
    changeApplied: loaded.changeApplied,
    paths: settings.paths,
    pathsIgnore: settings.pathsIgnore,
    notes: [...loaded.notes, ...expiredNotes(suppressions)]
  };
}
function reported(entry, state) {
  return { entry: entry.index, description: describeSuppression(entry), state };
}
function expiredNotes(suppressions) {
  return suppressions.filter(({ state }) => state === "expired").map(({ entry }) => expiredSuppressionWarning(describeSuppression(entry)));
}

// src/run/scan-selection.ts
var COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
function isCommitSha(ref) {
  return COMMIT_SHA.test(ref);
}
var REUSE_WINDOW_MS = 60 * 60 * 1e3;
function findReusableScan(scans, criteria, now) {
  if (!isCommitSha(criteria.ref)) return void 0;
  return scans.find((scan) => {
    if (classifyScanStatus(scan.status) === "failed" || classifyScanStatus(scan.status) === "cancelled")
      return false;
    if (scan.ref !== criteria.ref) return false;
    const created = scan.created_at === void 0 ? Number.NaN : Date.parse(scan.created_at);
    if (!(now - created <= REUSE_WINDOW_MS && created <= now + 6e4)) return false;
    if (criteria.modules.length > 0 && !sameSet(moduleNames(scan), criteria.modules)) return false;
    return sameFrameworks(scan, criteria.frameworks);
  });
}
function findBaselineScan(scans, baselineRef, head) {
  const modules = moduleNames(head);
  return scans.find(
    (scan) => scan.ref === baselineRef && classifyScanStatus(scan.status) === "succeeded" && sameSet(moduleNames(scan), modules) && sameFrameworks(scan, head.frameworks ?? [])
  );
}
function moduleNames(scan) {
  return scan.modules.map((module) => module.name);
}
function sameFrameworks(scan, wanted) {
  return scan.frameworks === void 0 || sameSet(scan.frameworks, wanted);
}
function sameSet(a, b) {
  const left = new Set(a.map((x) => x.toLowerCase()));
  const right = new Set(b.map((x) => x.toLowerCase()));
  return left.size === right.size && [...left].every((x) => right.has(x));
}

// src/run/baseline-step.ts
var RECENT_SCANS = 200;
async function readRecentScans(context, repositoryId) {
  const scans = [];
  try {
    for await (const scan of context.client.iterateScans(
      { repository_id: repositoryId },
      { limit: 100, maxItems: RECENT_SCANS, signal: context.signal }
    ))
      scans.push(scan);
    return scans;
  } catch (error) {
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    context.log.warning(`Could not read the repository's scans: ${reason}`);
    return void 0;
  }
}
var findOrStartBaseline = {
  name: "found among the recent scans, else started (baseline-scan)",
  find: (context, head, scans, repositoryId) => baselineOf(context, head, scans, repositoryId, context.settings.baselineScan === "auto")
};
var findCompletedBaseline = {
  name: "found among the recent scans only",
  find: (context, head, scans, repositoryId) => baselineOf(context, head, scans, repositoryId, false)
};
async function baselineOf(context, head, scans, repositoryId, startsMissing) {
  const commit = await context.change?.baselineCommit(context.signal);
  if (commit === void 0) return void 0;
  try {
    const choice = await chooseBaselineScan(context, { commit, head, scans, repositoryId }, startsMissing);
    return await waitForBaseline(context, choice);
  } catch (error) {
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    return {
      commit,
      scan: void 0,
      started: false,
      missing: `the baseline scan could not be started: ${reason}`
    };
  }
}
async function chooseBaselineScan(context, { commit, head, scans, repositoryId }, startsMissing) {
  const found = scans ? findBaselineScan(scans, commit.sha, head) : void 0;
  if (found) {
    context.log.info(`Baseline: scan ${found.id} of ${commit.sha}, ${commit.source}.`);
    return { commit, scan: found, started: false };
  }
  if (!startsMissing) {
    const why = context.settings.baselineScan === "never" ? "baseline-scan is never" : "this run starts none";
    return {
      commit,
      scan: void 0,
      started: false,
      missing: `no completed scan of the baseline commit ${commit.sha} with the same modules, and ${why}`
    };
  }
  const modules = head.modules.map((module) => module.name);
  const started = await context.client.createScan(
    {
      repository_id: repositoryId,
      ref: commit.sha,
      ...modules.length > 0 ? { modules } : {},
      ...head.frameworks && head.frameworks.length > 0 ? { frameworks: head.frameworks } : {},
      is_incremental: context.settings.incremental
    },
    { signal: context.signal }
  );
  context.record.baselineScanId(started.id);
  context.log.info(
    `Baseline: no completed scan of ${commit.sha} (${commit.source}); started scan ${started.id} of it.`
  );
  return { commit, scan: started, started: true };
}
async function waitForBaseline(context, choice) {
  const scan = choice.scan;
  if (!scan || !choice.started) return choice;
  const settle = () => {
    context.record.baselineSettled();
  };
  try {
    const done = classifyScanStatus(scan.status) === "running" ? await context.client.waitForScan(scan.id, {
      intervalMs: context.settings.pollIntervalSeconds * 1e3,
      timeoutMs: context.deadline.remainingMs(),
      signal: context.signal,
      skipFirstFetch: true
    }) : scan;
    settle();
    if (classifyScanStatus(done.status) === "succeeded") return { ...choice, scan: done };
    return { ...choice, scan: void 0, missing: `the baseline scan ${done.id} ended ${done.status}` };
  } catch (error) {
    if (context.stopSignal.aborted) {
      await cancelBaseline(context.client, context, scan.id);
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...choice, scan: void 0, missing: `the baseline scan ${scan.id} did not finish: ${reason}` };
  }
}
async function cancelBaseline(client, context, id) {
  await cancelScan({ client, log: context.log }, id, () => {
    context.record.baselineSettled();
  });
}

// src/domain/compliance-gate.ts
function applyComplianceGate(verdict, compliance) {
  const minScore = compliance?.minScore;
  if (compliance === void 0 || minScore === void 0) return verdict;
  const score = compliance.overallScore;
  if (score === void 0) {
    const why = compliance.problem ? ` (${compliance.problem})` : "";
    return fail(
      verdict,
      `The compliance score could not be read${why}, so min-compliance-score ${minScore} cannot be checked: the step fails rather than pass unchecked.`
    );
  }
  if (score < minScore) {
    return fail(verdict, `The compliance score ${score} is below min-compliance-score ${minScore}.`);
  }
  if (!verdict.passed) return verdict;
  return {
    ...verdict,
    reason: `${verdict.reason} The compliance score ${score} meets min-compliance-score ${minScore}.`
  };
}
function fail(verdict, sentence) {
  return {
    passed: false,
    failingFindings: verdict.failingFindings,
    reason: verdict.passed ? sentence : `${verdict.reason} ${sentence}`
  };
}

// src/domain/gate.ts
function evaluateGate(counts, failOn, incompleteModules2 = []) {
  if (failOn === "none") {
    return { passed: true, failingFindings: 0, reason: "fail-on is none: findings never fail this step." };
  }
  const failing = SEVERITIES.filter((severity) => isAtOrAbove(severity, failOn));
  const failingFindings = failing.reduce((sum, severity) => sum + counts[severity], 0);
  const floor = failOn === "critical" ? "critical" : `${failOn} or above`;
  const reasons = [];
  if (failingFindings > 0) {
    const parts = failing.filter((severity) => counts[severity] > 0).map((s) => `${counts[s]} ${s}`);
    const noun = failingFindings === 1 ? "finding is" : "findings are";
    reasons.push(`${failingFindings} ${noun} ${floor} (fail-on: ${failOn}): ${parts.join(", ")}.`);
  }
  if (incompleteModules2.length > 0) reasons.push(incompleteReason(incompleteModules2));
  if (reasons.length === 0) {
    return { passed: true, failingFindings, reason: `No finding is ${floor} (fail-on: ${failOn}).` };
  }
  return { passed: false, failingFindings, reason: reasons.join(" ") };
}
function evaluateNewFindingsGate(input) {
  const { failOn } = input;
  const all = evaluateGate(input.counts, failOn, input.incompleteModules);
  if (failOn === "none") return all;
  const failing = SEVERITIES.filter((severity) => isAtOrAbove(severity, failOn));
  const sum = (counts) => failing.reduce((total, s) => total + counts[s], 0);
  const newFailing = sum(input.newCounts);
  const existingFailing = sum(input.existingCounts);
  const floor = failOn === "critical" ? "critical" : `${failOn} or above`;
  const existing = existingFailing > 0 ? ` ${existingFailing} existing ${existingFailing === 1 ? "finding" : "findings"} ${floor} ${existingFailing === 1 ? "does" : "do"} not fail the gate.` : "";
  const reasons = [];
  if (newFailing > 0) {
    const parts = failing.filter((s) => input.newCounts[s] > 0).map((s) => `${input.newCounts[s]} ${s}`);
    const noun = newFailing === 1 ? "new finding is" : "new findings are";
    reasons.push(
      `${newFailing} ${noun} ${floor} (fail-on: ${failOn}): ${parts.join(", ")};${existing || " "}`.trimEnd()
    );
  }
  const incomplete = input.incompleteModules ?? [];
  if (incomplete.length > 0) reasons.push(incompleteReason(incomplete));
  if (reasons.length === 0) {
    return {
      passed: true,
      failingFindings: all.failingFindings,
      reason: `No new finding is ${floor} (fail-on: ${failOn}).${existing}`
    };
  }
  return { passed: false, failingFindings: all.failingFindings, reason: reasons.join(" ") };
}
function incompleteReason(modules) {
  const one = modules.length === 1;
  return `The scan is incomplete: ${one ? "module" : "modules"} ${modules.join(", ")} did not complete, so ${one ? "its" : "their"} findings are missing.`;
}

// src/new-findings/finding-groups.ts
var KIND_LIMIT = 2 ** 26;
var FindingGroups = class {
  #kinds = new KindNumbers();
  #fileNumbers = /* @__PURE__ */ new Map();
  #groupOfKey = /* @__PURE__ */ new Map();
  #paths = [];
  #lines = [];
  #headCounts = [];
  #baseCounts = [];
  /** The group of each head and baseline finding; -1 when it was not added. */
  #headGroup;
  #baseGroup;
  constructor(headCount, baselineCount) {
    if (headCount + baselineCount >= KIND_LIMIT) throw new RangeError("too many findings to group");
    this.#headGroup = new Int32Array(headCount).fill(-1);
    this.#baseGroup = new Int32Array(baselineCount).fill(-1);
  }
  /** `path` is the head file the finding is (or maps to); `lines` that file's lines. */
  addHead(index, finding, path, lines) {
    const group = this.#groupOf(finding, path, lines);
    this.#headGroup[index] = group;
    this.#headCounts[group] = (this.#headCounts[group] ?? 0) + 1;
  }
  addBaseline(index, finding, path, lines) {
    const group = this.#groupOf(finding, path, lines);
    this.#baseGroup[index] = group;
    this.#baseCounts[group] = (this.#baseCounts[group] ?? 0) + 1;
  }
  /** Each group in the order first seen, its members in the order added (by index). */
  forEach(visit) {
    const heads = membersByGroup(this.#headGroup, this.#headCounts, this.#paths.length);
    const bases = membersByGroup(this.#baseGroup, this.#baseCounts, this.#paths.length);
    for (let group = 0; group < this.#paths.length; group++) {
      visit(
        heads.members.subarray(heads.starts[group], heads.starts[group + 1]),
        bases.members.subarray(bases.starts[group], bases.starts[group + 1]),
        this.#paths[group],
        this.#lines[group]
      );
    }
  }
  #groupOf(finding, path, lines) {
    let file = this.#fileNumbers.get(path);
    if (file === void 0) {
      file = this.#fileNumbers.size;
      this.#fileNumbers.set(path, file);
    }
    const key = file * KIND_LIMIT + this.#kinds.numberOf(finding);
    let group = this.#groupOfKey.get(key);
    if (group === void 0) {
      group = this.#paths.length;
      this.#groupOfKey.set(key, group);
      this.#paths.push(path);
      this.#lines.push(lines);
      this.#headCounts.push(0);
      this.#baseCounts.push(0);
    }
    return group;
  }
};
function membersByGroup(groupOf, counts, groups) {
  const starts = new Int32Array(groups + 1);
  for (let group = 0; group < groups; group++)
    starts[group + 1] = starts[group] + (counts[group] ?? 0);
  const next = starts.slice(0, groups);
  const members = new Int32Array(starts[groups]);
  for (let index = 0; index < groupOf.length; index++) {
    const group = groupOf[index];
    if (group >= 0) members[next[group]++] = index;
  }
  return { members, starts };
}

// src/new-findings/nearest-pairs.ts
function nearestPairs(left, right, scanUpTo = SCAN_UP_TO) {
  if (left.length === 0 || right.length === 0) return [];
  if (left.length + right.length === 2) return [[0, 0]];
  const line = new PointLine(left, right, scanUpTo);
  const pairs = [];
  const wanted = Math.min(left.length, right.length);
  while (pairs.length < wanted) {
    const low = line.closest();
    if (low < 0) break;
    pairs.push(line.take(low));
  }
  return pairs;
}
var PointLine = class {
  #leftCount;
  #count;
  /** The point at each position. */
  #order;
  #values = [];
  #isLeft = [];
  #previous = [];
  #next = [];
  #heap;
  #first = 0;
  constructor(left, right, scanUpTo) {
    const leftCount = left.length;
    this.#leftCount = leftCount;
    this.#count = leftCount + right.length;
    const valueOf = (point) => point < leftCount ? left[point] : right[point - leftCount];
    this.#order = inOrder(this.#count, leftCount, valueOf);
    for (let position = 0; position < this.#count; position++) {
      const point = this.#order[position];
      this.#values.push(valueOf(point));
      this.#isLeft.push(point < leftCount);
      this.#previous.push(position - 1);
      this.#next.push(position + 1);
    }
    this.#heap = this.#count > scanUpTo ? new NeighbourHeap() : void 0;
    if (this.#heap) {
      for (let position = 0; position + 1 < this.#count; position++)
        if (this.#neighbours(position)) this.#heap.push(this.#distance(position), position, position + 1);
    }
  }
  /** The lower position of the closest pair of neighbours from the two sets, or -1 when none is left. */
  closest() {
    return this.#heap ? this.#closestInHeap(this.#heap) : this.#closestByScan();
  }
  /** Takes the pair at `low` and the position after it out of the line: [index in left, index in right]. */
  take(low) {
    const previous = this.#previous;
    const next = this.#next;
    const high = next[low];
    const before = previous[low];
    const after = next[high];
    if (before >= 0) next[before] = after;
    else this.#first = after;
    if (after < this.#count) previous[after] = before;
    next[low] = -1;
    previous[high] = -1;
    if (this.#heap && this.#neighbours(before)) this.#heap.push(this.#distance(before), before, after);
    const [leftPoint, rightPoint] = this.#isLeft[low] ? [this.#order[low], this.#order[high]] : [this.#order[high], this.#order[low]];
    return [leftPoint, rightPoint - this.#leftCount];
  }
  #closestInHeap(heap) {
    for (let top = heap.pop(); top !== void 0; top = heap.pop()) {
      const [low, high] = top;
      if (this.#next[low] === high && this.#previous[high] === low && this.#neighbours(low)) return low;
    }
    return -1;
  }
  #closestByScan() {
    let best = -1;
    let bestDistance = Infinity;
    for (let position = this.#first; position < this.#count; position = this.#next[position]) {
      if (this.#neighbours(position) && this.#distance(position) < bestDistance) {
        best = position;
        bestDistance = this.#distance(position);
      }
    }
    return best;
  }
  /** The point at `position` and the next one are of different sets. */
  #neighbours(position) {
    const after = this.#next[position];
    return position >= 0 && after < this.#count && this.#isLeft[position] !== this.#isLeft[after];
  }
  #distance(position) {
    return this.#values[this.#next[position]] - this.#values[position];
  }
};
function inOrder(count, leftCount, valueOf) {
  const rankOnItsSide = (point) => point < leftCount ? point : point - leftCount;
  const order = [];
  for (let point = 0; point < count; point++) order.push(point);
  order.sort((a, b) => valueOf(a) - valueOf(b) || rankOnItsSide(a) - rankOnItsSide(b) || a - b);
  return order;
}
var SCAN_UP_TO = 32;
var NeighbourHeap = class {
  #distances = [];
  #lows = [];
  #highs = [];
  push(distance, low, high) {
    this.#distances.push(distance);
    this.#lows.push(low);
    this.#highs.push(high);
    let child = this.#distances.length - 1;
    while (child > 0) {
      const parent = child - 1 >> 1;
      if (!this.#before(child, parent)) break;
      this.#swap(child, parent);
      child = parent;
    }
  }
  pop() {
    const size = this.#distances.length;
    if (size === 0) return void 0;
    const top = [this.#lows[0], this.#highs[0]];
    this.#swap(0, size - 1);
    this.#distances.pop();
    this.#lows.pop();
    this.#highs.pop();
    let parent = 0;
    for (; ; ) {
      const first = 2 * parent + 1;
      const second = first + 1;
      let smallest = parent;
      if (first < size - 1 && this.#before(first, smallest)) smallest = first;
      if (second < size - 1 && this.#before(second, smallest)) smallest = second;
      if (smallest === parent) break;
      this.#swap(parent, smallest);
      parent = smallest;
    }
    return top;
  }
  #before(a, b) {
    const da = this.#distances[a];
    const db = this.#distances[b];
    return da < db || da === db && this.#lows[a] < this.#lows[b];
  }
  #swap(a, b) {
    for (const array of [this.#distances, this.#lows, this.#highs]) {
      const held = array[a];
      array[a] = array[b];
      array[b] = held;
    }
  }
};

// src/new-findings/new-findings.ts
function compareFindings(head, baseline, diff, options = {}) {
  const grouped = groupFindings(head, baseline, diff);
  const { partnerOfHead, basePaired, coarseFiles } = pairWithinGroups(grouped, head, baseline);
  const result = new ComparisonBuilder(options.floor ?? "info");
  for (let index = 0; index < head.length; index++) {
    const partner = partnerOfHead[index];
    const finding = head[index];
    if (partner >= 0) result.matched(finding, baseline[partner]);
    else result.new(finding, grouped.touched[index] === 1 ? "touched-line" : "unmatched");
  }
  for (let index = 0; index < baseline.length; index++)
    if (basePaired[index] === 0) result.fixed(baseline[index]);
  return result.build(coarseFiles);
}
function groupFindings(head, baseline, diff) {
  const groups = new FindingGroups(head.length, baseline.length);
  const mappedLine = new Float64Array(baseline.length);
  const touched = new Uint8Array(head.length);
  for (let index = 0; index < baseline.length; index++) {
    const finding = baseline[index];
    const lines = diff.base(finding.file_path);
    const path = lines.diff.headPath;
    const line = path === null ? null : lines.headLineOf(finding.line);
    if (path === null || line === null) continue;
    mappedLine[index] = line ?? finding.line;
    groups.addBaseline(index, finding, path, lines);
  }
  for (let index = 0; index < head.length; index++) {
    const finding = head[index];
    const lines = diff.head(finding.file_path);
    if (!lines.coarse && lines.isAddedLine(finding.line)) touched[index] = 1;
    else groups.addHead(index, finding, finding.file_path, lines);
  }
  return { groups, mappedLine, touched };
}
function pairWithinGroups({ groups, mappedLine }, head, baseline) {
  const partnerOfHead = new Int32Array(head.length).fill(-1);
  const basePaired = new Uint8Array(baseline.length);
  const coarseFiles = /* @__PURE__ */ new Map();
  groups.forEach((heads, bases, path, lines) => {
    const { mapping } = lines.diff;
    if (mapping.kind === "unknown") coarseFiles.set(path, mapping.reason);
    if (heads.length === 0 || bases.length === 0) return;
    const pairs = heads.length === 1 && bases.length === 1 ? [[heads[0], bases[0]]] : mapping.kind === "unknown" ? severityPairs(heads, bases, head, baseline) : nearestPairs(
      Array.from(heads, (index) => head[index].line),
      Array.from(bases, (index) => mappedLine[index])
    ).map(([h, b]) => [heads[h], bases[b]]);
    for (const [headIndex, baseIndex] of pairs) {
      partnerOfHead[headIndex] = baseIndex;
      basePaired[baseIndex] = 1;
    }
  });
  const coarse = [...coarseFiles].map(([path, reason]) => ({ path, reason }));
  coarse.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { partnerOfHead, basePaired, coarseFiles: coarse };
}
function severityPairs(headIndexes, baseIndexes, head, baseline) {
  const bucketsOf = (indexes, list) => {
    const buckets = SEVERITIES.map(() => []);
    for (const index of indexes) buckets[rankOf(list[index])]?.push(index);
    const line = (index) => list[index].line;
    for (const bucket of buckets) bucket.sort((a, b) => line(b) - line(a) || b - a);
    return buckets;
  };
  const heads = bucketsOf(headIndexes, head);
  const bases = bucketsOf(baseIndexes, baseline);
  const pairs = [];
  const leftover = [];
  heads.forEach((bucket, rank) => {
    for (let index = bucket.pop(); index !== void 0; index = bucket.pop()) {
      let match;
      for (let baseRank = rank; baseRank >= 0 && match === void 0; baseRank--)
        match = bases[baseRank]?.pop();
      if (match === void 0) leftover.push(index);
      else pairs.push([index, match]);
    }
  });
  const remaining = bases.flatMap((bucket) => bucket.reverse());
  leftover.forEach((index, position) => {
    const match = remaining[position];
    if (match !== void 0) pairs.push([index, match]);
  });
  return pairs;
}
function severityOf(raw) {
  return isSeverity(raw) ? raw : countedSeverity(raw);
}
function rankOf(finding) {
  return severityRank(severityOf(finding.severity));
}
var ComparisonBuilder = class {
  #floor;
  #new = SEVERITIES.map(() => []);
  #existing = SEVERITIES.map(() => []);
  #fixed = SEVERITIES.map(() => []);
  constructor(floor) {
    this.#floor = floor;
  }
  new(finding, reason, baseline) {
    const severity = severityOf(finding.severity);
    if (!isAtOrAbove(severity, this.#floor)) return;
    this.#new[severityRank(severity)]?.push({ finding, severity, reason, ...baseline ? { baseline } : {} });
  }
  fixed(baseline) {
    const severity = severityOf(baseline.severity);
    if (isAtOrAbove(severity, this.#floor)) this.#fixed[severityRank(severity)]?.push({ baseline, severity });
  }
  matched(finding, baseline) {
    const severity = severityOf(finding.severity);
    const baselineSeverity = severityOf(baseline.severity);
    if (severityRank(severity) < severityRank(baselineSeverity)) {
      this.new(finding, "more-severe", baseline);
      return;
    }
    if (isAtOrAbove(severity, this.#floor))
      this.#existing[severityRank(severity)]?.push({ finding, severity, baseline, baselineSeverity });
  }
  build(coarseFiles) {
    const counted = (buckets) => {
      const counts = zeroCounts();
      SEVERITIES.forEach((severity, rank) => counts[severity] = buckets[rank]?.length ?? 0);
      return counts;
    };
    return {
      new: this.#new.flat(),
      existing: this.#existing.flat(),
      fixed: this.#fixed.flat(),
      counts: { new: counted(this.#new), existing: counted(this.#existing), fixed: counted(this.#fixed) },
      coarseFiles
    };
  }
};

// src/run/run-policy.ts
function gateFilter(policy, newFindings) {
  return policy.dismissals ? policy.dismissals.after(policy.filter, newFindings) : policy.filter;
}

// src/run/comparison-step.ts
async function compareWithBaseline(context, change, head, baseline, floor) {
  const [headFindings, baselineFindings, diff] = await Promise.all([
    readFindings(context, head.id, floor),
    readFindings(context, baseline.scan.id, floor),
    change.diff(context.signal)
  ]);
  const compared = compareFindings(headFindings, baselineFindings, diff, { floor });
  const filter = gateFilter(
    context.policy,
    compared.new.map((entry) => entry.finding)
  );
  const comparison = withoutDismissed(compared, filter);
  if (comparison.coarseFiles.length > 0) {
    context.log.info(
      `Coarse matching (by title, CWE and file only) for ${comparison.coarseFiles.length} files whose diff GitHub did not give: ${comparison.coarseFiles.slice(0, 5).map((file) => file.path).join(", ")}${comparison.coarseFiles.length > 5 ? ", \u2026" : ""}.`
    );
  }
  const failOn = context.settings.failOn;
  const newFailing = failOn === "none" ? 0 : SEVERITIES.filter((s) => isAtOrAbove(s, failOn)).reduce((n, s) => n + comparison.counts.new[s], 0);
  return {
    reported: reportedComparison(comparison, baseline, newFailing),
    newCounts: comparison.counts.new,
    existingCounts: comparison.counts.existing,
    filter
  };
}
function withoutDismissed(comparison, filter) {
  const classify = filter.classifier();
  const existing = comparison.existing.filter((entry) => classify(entry.finding) === void 0);
  if (existing.length === comparison.existing.length) return comparison;
  const counts = zeroCounts();
  for (const entry of existing) counts[entry.severity] += 1;
  return { ...comparison, existing, counts: { ...comparison.counts, existing: counts } };
}
function reportedComparison(comparison, baseline, newFailing) {
  const total = (counts) => SEVERITIES.reduce((n, s) => n + counts[s], 0);
  return {
    baselineScanId: baseline.scan.id,
    baselineCommit: baseline.commit.sha,
    baselineSource: baseline.commit.source,
    startedBaseline: baseline.started,
    newFindings: comparison.new.slice(0, LISTED_COMPARED).map((entry) => ({
      ...reportedFindingOf(entry.finding),
      severity: entry.severity
    })),
    existingFindings: comparison.existing.slice(0, LISTED_COMPARED).map((entry) => reportedFindingOf(entry.finding)),
    fixedFindings: comparison.fixed.slice(0, LISTED_COMPARED).map((entry) => reportedFindingOf(entry.baseline)),
    counts: {
      new: total(comparison.counts.new),
      newFailing,
      existing: total(comparison.counts.existing),
      fixed: total(comparison.counts.fixed)
    },
    coarseFiles: comparison.coarseFiles.map((file) => file.path)
  };
}
async function readFindings(context, scanId, floor) {
  const findings = [];
  const exclusionOf = context.policy.filter.classifier();
  for await (const finding of context.client.iterateFindings(
    { scan_id: scanId },
    { limit: context.settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY, signal: context.signal }
  )) {
    if (exclusionOf(finding) !== void 0) continue;
    if (isAtOrAbove(countedSeverity(finding.severity), floor)) findings.push(finding);
  }
  return findings;
}

// src/run/scan-notes.ts
function scanNotes(input) {
  return [
    ...filterNotes(input.filterIgnored, input.tally),
    ...consistencyNotes(input.report, input.listTotals, input.tally),
    ...malformedNotes(input.tally),
    ...moduleNotes(input.incompleteModules)
  ];
}
function filterNotes(filterIgnored, tally) {
  if (!filterIgnored) return [];
  return [
    `The service ignored the severity filter of the findings list (a page asked for one severity held others), so the action read all ${tally.total} findings and counted each under its own severity.`
  ];
}
function malformedNotes(tally) {
  if (tally.malformedCount === 0) return [];
  const fields = [...tally.malformedFields.entries()].map(([field, count]) => `${field} (${count})`);
  const one = tally.malformedCount === 1;
  return [
    `${tally.malformedCount} ${one ? "finding" : "findings"} arrived with unusable fields: ${fields.join(", ")}. ${one ? "It is" : "They are"} counted all the same (an unknown severity as critical) and shown without what was broken.`
  ];
}
function consistencyNotes(report, listTotals, tally) {
  const notes = [];
  const listed = SEVERITIES.reduce((sum, severity) => sum + listTotals[severity], 0);
  const disagree = SEVERITIES.some((s) => (report.severity_breakdown[s] ?? 0) !== listTotals[s]);
  if (disagree || report.total_findings !== listed) {
    notes.push(
      `The scan report counts ${report.total_findings} findings but the findings list ${listed}; the gate counts the larger number of each severity.`
    );
  }
  if (tally.unknownSeverities.size > 0) {
    notes.push(
      `Findings with a severity the action does not know (${[...tally.unknownSeverities].join(", ")}) are counted as critical.`
    );
  }
  return notes;
}
function moduleNotes(incomplete) {
  if (incomplete.length === 0) return [];
  const one = incomplete.length === 1;
  return [
    `${one ? "Module" : "Modules"} ${incomplete.join(", ")} did not complete: the scan completed without ${one ? "its" : "their"} findings.`
  ];
}

// src/run/findings-step.ts
function reportFloorOf(settings) {
  return settings.failOn === "none" ? settings.severityThreshold : lowerOf(settings.severityThreshold, settings.failOn);
}
async function collectScanResults(client, scanId, settings, signal, need, filter = NO_FINDING_FILTER) {
  if (need.countsOnly === true && !filter.active) return countFromReport(client, scanId, settings, signal);
  const early = await smallScanResults(client, { scanId, settings, signal, need }, filter);
  if (early !== void 0 && "tally" in early) return early;
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const wholeFrom = readWholeFrom(settings.failOn, filter, need);
  const readsWhole = (severity) => tally.isReported(severity) || wholeFrom !== "none" && isAtOrAbove(severity, wholeFrom);
  const firstPage = (severity) => client.listFindings(
    { scan_id: scanId, severity, limit: readsWhole(severity) ? settings.pageSize : 1 },
    { signal }
  );
  const [report, ...firstPages] = await Promise.all([
    early ?? client.getScanReport(scanId, { signal }),
    ...SEVERITIES.map(firstPage)
  ]);
  if (ignoresFilter(firstPages))
    return countFromItems(client, scanId, settings, report, signal, filter, need);
  const listTotals = zeroCounts();
  const firsts = /* @__PURE__ */ new Map();
  for (const [index, severity] of SEVERITIES.entries()) {
    const page = firstPages[index];
    if (!page) continue;
    listTotals[severity] = page.total;
    tally.stateCount(severity, page.total);
    tally.stateCount(severity, report.severity_breakdown[severity] ?? 0);
    for (const finding of page.items) tally.keep(finding);
    firsts.set(severity, { items: page.items.length, limit: Math.floor(page.limit) });
  }
  const wanted = wholeAtFailOn(
    findingsToList(tally.counts, tally.reportFloor, need.rows, need.perSeverity),
    wholeFrom,
    tally
  );
  const pages = remainingPages(
    SEVERITIES.map((severity) => ({
      severity,
      offset: firsts.get(severity)?.items ?? 0,
      pageLimit: firsts.get(severity)?.limit ?? settings.pageSize,
      total: tally.listedCount(severity),
      missing: pagesOf(
        wanted[severity] - tally.seenCount(severity),
        need.wholePages ? firsts.get(severity)?.limit ?? settings.pageSize : 1
      )
    }))
  );
  await keepPages(client, scanId, pages, tally, signal);
  countUncategorised(report, tally);
  return { report, tally, listTotals, filterIgnored: false };
}
function ignoresFilter(firstPages) {
  return SEVERITIES.some(
    (severity, index) => (firstPages[index]?.items ?? []).some((finding) => countedSeverity(finding.severity) !== severity)
  );
}
function pagesOf(missing, pageLimit) {
  return pageLimit > 1 ? Math.ceil(missing / pageLimit) * pageLimit : missing;
}
function readWholeFrom(failOn, filter, need) {
  if (!filter.active) return "none";
  return need.wholeUnderPolicy === true ? "info" : failOn;
}
function wholeAtFailOn(wanted, from, tally) {
  if (from === "none") return wanted;
  const whole = { ...wanted };
  for (const severity of SEVERITIES)
    if (isAtOrAbove(severity, from)) whole[severity] = tally.listedCount(severity);
  return whole;
}
async function countFromReport(client, scanId, settings, signal) {
  return resultsOfReport(await client.getScanReport(scanId, { signal }), scanId, settings);
}
function resultsOfReport(report, scanId, settings) {
  checkBreakdown(report, scanId);
  const tally = new FindingTally(reportFloorOf(settings), NO_FINDING_FILTER, 0);
  const listTotals = zeroCounts();
  for (const severity of SEVERITIES) {
    listTotals[severity] = report.severity_breakdown[severity] ?? 0;
    tally.stateCount(severity, listTotals[severity]);
  }
  countUncategorised(report, tally);
  return { report, tally, listTotals, filterIgnored: false };
}
function checkBreakdown(report, scanId) {
  const counts = Object.entries(report.severity_breakdown);
  const broken = counts.find(([, count]) => !Number.isInteger(count) || count < 0);
  const counted = counts.reduce((sum, [, count]) => sum + count, 0);
  const problem = broken !== void 0 ? `its severity_breakdown's ${broken[0]} is ${broken[1]}, not a count` : counted > report.total_findings ? `its severity_breakdown counts ${counted} findings, but total_findings is ${report.total_findings}` : void 0;
  if (problem !== void 0)
    throw new RunError(
      `The report of scan ${scanId} cannot be judged: ${problem}. Ask the service's operator.`
    );
}
async function smallScanResults(client, read, filter) {
  if (read.need.countsOnly !== true || read.need.wholeUnderPolicy !== true) return void 0;
  const report = await client.getScanReport(read.scanId, { signal: read.signal });
  if (!readsUnfiltered(report, "info", read.settings.pageSize)) return report;
  return countFromUnfiltered(client, { ...read, report }, filter);
}
async function countFromUnfiltered(client, read, filter) {
  const { scanId, settings, report, signal } = read;
  const findings = await readUnfiltered(
    (page, options) => client.listFindings({ scan_id: scanId, ...page }, options),
    { reported: report, floor: "info", pageSize: settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY },
    signal,
    (message) => new RunError(`The findings of scan ${scanId} could not be read whole: ${message}.`)
  );
  const tally = new FindingTally(reportFloorOf(settings), filter, 0);
  const listTotals = zeroCounts();
  for (const severity of SEVERITIES) {
    listTotals[severity] = report.severity_breakdown[severity] ?? 0;
    tally.stateCount(severity, listTotals[severity]);
  }
  for (const finding of findings) tally.keep(finding);
  return { report, tally, listTotals, filterIgnored: false };
}
async function countFromItems(client, scanId, settings, report, signal, filter, need) {
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const first = await client.listFindings({ scan_id: scanId, limit: settings.pageSize }, { signal });
  for (const finding of first.items) tally.keep(finding);
  const step = Math.floor(first.limit) > 0 ? Math.floor(first.limit) : Math.max(1, first.items.length);
  const pages = [];
  for (let offset = first.items.length; offset < first.total; offset += step)
    pages.push({ offset, limit: step });
  await keepPages(client, scanId, pages, tally, signal);
  for (const severity of SEVERITIES) tally.stateCount(severity, report.severity_breakdown[severity] ?? 0);
  countUncategorised(report, tally);
  return { report, tally, listTotals: tally.counts, filterIgnored: true };
}
async function keepPages(client, scanId, pages, tally, signal) {
  const results = fetchInOrder(
    pages,
    { concurrency: FINDINGS_PAGE_CONCURRENCY, signal },
    (page, pageSignal) => client.listFindings({ scan_id: scanId, ...page }, { signal: pageSignal })
  );
  for await (const page of results) for (const finding of page.items) tally.keep(finding);
}
function shownPerSeverity(need) {
  return Math.max(need.rows, need.perSeverity, need.fixes ?? 0);
}
function countUncategorised(report, tally) {
  const uncategorised = report.total_findings - tally.listedTotal;
  if (uncategorised > 0) tally.addUncategorised(uncategorised, "none of critical, high, medium, low, info");
}

// src/run/fixes-step.ts
async function readFixes(client, request) {
  const { results, signal } = request;
  const failOn = results.failOn;
  if (failOn === "none" || request.max === 0) return [];
  const failing = (results.comparison ? results.comparison.newFindings : results.findings).filter((finding) => finding.id !== "" && isAtOrAbove(finding.severity, failOn)).slice(0, request.max);
  let patches;
  const fixes = [];
  for (const finding of failing) {
    const detail = await client.getFinding(finding.id, { signal }).catch(() => void 0);
    let diff = detail?.fix?.unified_diff ?? void 0;
    if (!diff && request.aiSucceeded) {
      patches ??= await aiPatches(client, request.scanId, signal);
      diff = patches.get(finding.id);
    }
    if (diff) fixes.push({ findingId: finding.id, diff });
  }
  return fixes;
}
async function aiPatches(client, scanId, signal) {
  const patches = /* @__PURE__ */ new Map();
  const answer = await client.getAiPatches(scanId, { signal }).catch(() => void 0);
  const list = answer?.patches;
  if (!Array.isArray(list)) return patches;
  for (const entry of list) {
    if (entry === null || typeof entry !== "object") continue;
    const { finding_id: id, unified_diff: diff } = entry;
    if (typeof id === "string" && typeof diff === "string" && !patches.has(id)) patches.set(id, diff);
  }
  return patches;
}

// src/run/insights-step.ts
var INSIGHTS_RESERVE_MS = 1e3;
var CREDITS_READ_ALLOWANCE_MS = 2e3;
async function readCreditsBefore(context) {
  if (context.showsInsights === false) return { skipped: true };
  try {
    const usage = await context.client.getUsage({ signal: context.signal });
    return { remaining: usage.remaining_credits };
  } catch (error) {
    return { unread: error };
  }
}
function creditsBeforeFigure(context, read) {
  if ("remaining" in read) return read.remaining;
  if ("unread" in read) logUnread(context, "the credits before the scan", read.unread);
  return void 0;
}
async function runInsights(context, scanId, creditsBefore) {
  const { settings } = context;
  const window = insightsWindow(context);
  const notes = [];
  const started = settings.aiAnalysis ? await startAiAnalysis(context, scanId, window) : void 0;
  const [compliance, aiSecurity] = await Promise.all([
    settings.frameworks.length > 0 ? readCompliance(context, scanId, window) : Promise.resolve(void 0),
    context.showsInsights === false ? void 0 : readAiSecurity(context, scanId, window)
  ]);
  if (compliance?.problem !== void 0 && compliance.minScore === void 0) {
    notes.push(`Compliance could not be read: ${compliance.problem}.`);
  }
  let ai;
  if (started !== void 0) {
    ai = await finishAiAnalysis(context, scanId, started, window);
    if (ai.outcome !== "succeeded") notes.push(aiAnalysisNote(scanId, ai));
  }
  const credits = context.showsInsights === false ? void 0 : await readCreditsAfter(context, creditsBefore, window);
  return { insights: { ai, compliance, aiSecurity, credits }, notes };
}
function insightsWindow(context) {
  const remainingMs = () => Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs()))]),
    remainingMs
  };
}
async function startAiAnalysis(context, scanId, window) {
  context.log.info(`Starting the AI analysis of scan ${scanId}`);
  try {
    return { analysis: await context.client.startAiAnalysis(scanId, { signal: window.signal }) };
  } catch (error) {
    return { problem: describeFailure(context, error, "start it") };
  }
}
async function finishAiAnalysis(context, scanId, started, window) {
  if ("problem" in started) {
    return {
      outcome: "not-started",
      riskScore: null,
      overallConfidence: null,
      runs: [],
      problem: started.problem
    };
  }
  let last = started.analysis;
  let lastLine = "";
  const log = (analysis) => {
    last = analysis;
    const line = describeRuns(analysis);
    if (line !== lastLine) context.log.info(`AI analysis of scan ${scanId}: ${line}`);
    lastLine = line;
  };
  log(started.analysis);
  if (classifyAiAnalysis(started.analysis) === "running") {
    const timeoutMs = Math.max(0, window.remainingMs() - CREDITS_READ_ALLOWANCE_MS);
    try {
      last = await context.client.waitForAiAnalysis(scanId, {
        timeoutMs,
        signal: AbortSignal.any([window.signal, AbortSignal.timeout(Math.ceil(timeoutMs))]),
        onUpdate: log
      });
    } catch (error) {
      const timedOut = error instanceof PollTimeoutError || isCut(context, error);
      return {
        ...reportedAnalysis(last),
        outcome: timedOut ? "timed-out" : "failed",
        problem: timedOut ? `its last status was ${describeRuns(last)}` : describeFailure(context, error, "read it")
      };
    }
  }
  const outcome = classifyAiAnalysis(last);
  const reported2 = reportedAnalysis(last);
  if (outcome === "succeeded") return { ...reported2, outcome };
  if (outcome === "running") {
    return { ...reported2, outcome: "timed-out", problem: `its last status was ${describeRuns(last)}` };
  }
  return { ...reported2, outcome, problem: failedRun(last) };
}
function reportedAnalysis(analysis) {
  const runs = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence).slice(0, AI_RUNS_KEPT).map((run) => ({
    sequence: run.sequence,
    agentId: run.agent_id,
    status: run.status,
    confidence: run.confidence
  }));
  return { riskScore: analysis.risk_score, overallConfidence: analysis.overall_confidence, runs };
}
var LOGGED_RUNS = 20;
function describeRuns(analysis) {
  const runs = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence);
  const status = analysis.status ? `${analysis.status}; ` : "";
  if (runs.length === 0) return `${status}no agent runs yet`;
  const shown = runs.slice(0, LOGGED_RUNS).map((run) => `${run.sequence} ${run.agent_id} ${run.status}`);
  const rest = analysis.scan_id ? ELSEWHERE.command(`svc ai-analysis view ${analysis.scan_id}`, "plain") : "";
  const more = runs.length > LOGGED_RUNS ? `, and ${runs.length - LOGGED_RUNS} more${rest ? ` (${rest})` : ""}` : "";
  return `${status}agent runs ${shown.join(", ")}${more}`;
}
function failedRun(analysis) {
  const run = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence).find((candidate) => classifyStatus(candidate.status) === "failed");
  return run ? `agent run ${run.sequence} (${run.agent_id}) ${run.status}` : void 0;
}
function aiAnalysisNote(scanId, ai) {
  const why = ai.problem ? ` (${ai.problem})` : "";
  const what = {
    failed: "failed",
    cancelled: "was cancelled",
    "timed-out": "did not finish in the time wait-timeout left",
    "not-started": "could not be started"
  };
  const outcome = ai.outcome === "succeeded" ? "completed" : what[ai.outcome];
  return `The AI analysis of scan ${scanId} ${outcome}${why}; the verdict does not depend on it.`;
}
async function readCompliance(context, scanId, window) {
  const { client, settings } = context;
  const minScore = settings.minComplianceScore;
  const options = { signal: window.signal };
  let overview;
  try {
    overview = await client.getComplianceOverview({ scan_id: scanId }, options);
  } catch (error) {
    return {
      overallScore: void 0,
      minScore,
      problem: describeFailure(context, error, "read it"),
      frameworks: []
    };
  }
  const frameworks = [];
  for (const id of settings.frameworks) {
    const listed = overview.frameworks?.find((framework) => framework.id === id);
    const base = { id, name: listed?.name, score: listed?.score };
    try {
      const detail = await client.getComplianceFramework(id, { scan_id: scanId }, options);
      const notPassed = detail.controls.filter((control) => didNotPass(control.status));
      frameworks.push({
        ...base,
        name: base.name ?? detail.name,
        controlsTotal: detail.controls.length,
        notPassed: notPassed.slice(0, LIST_KEPT).map((control) => ({
          controlId: control.control_id,
          title: control.title,
          status: control.status
        })),
        notPassedTotal: notPassed.length
      });
    } catch (error) {
      frameworks.push({
        ...base,
        controlsTotal: 0,
        notPassed: [],
        notPassedTotal: 0,
        problem: describeFailure(context, error, "read it")
      });
    }
  }
  context.log.info(`Compliance of scan ${scanId}: overall score ${overview.overall_score}`);
  return { overallScore: overview.overall_score, minScore, frameworks };
}
async function readAiSecurity(context, scanId, window) {
  try {
    const overview = await context.client.getAiSecurityOverview(
      { scan_id: scanId },
      { signal: window.signal }
    );
    if (overview.summary.checks_total <= 0) return void 0;
    const notPassed = overview.checks.filter((check) => didNotPass(check.status));
    return {
      checksFailed: overview.summary.checks_failed,
      checksTotal: overview.summary.checks_total,
      notPassed: notPassed.slice(0, LIST_KEPT).map((check) => ({
        name: check.name,
        owaspLlm: check.owasp_llm,
        status: check.status
      })),
      notPassedTotal: notPassed.length
    };
  } catch (error) {
    logUnread(context, "the AI-security posture", error);
    return void 0;
  }
}
async function readCreditsAfter(context, before, window) {
  try {
    const { remaining_credits: remaining } = await context.client.getUsage({ signal: window.signal });
    return { remaining, used: before === void 0 ? void 0 : Math.max(0, before - remaining) };
  } catch (error) {
    logUnread(context, "the credits after the run", error);
    return void 0;
  }
}
function logUnread(context, what, error) {
  context.log.info(`Could not read ${what}: ${describeFailure(context, error, "read it")}`);
}
function isCut(context, error) {
  const aborted = error instanceof RequestAbortedError || error instanceof DOMException && error.name === "TimeoutError";
  return aborted && !context.stopSignal.aborted;
}
function describeFailure(context, error, action) {
  if (isCut(context, error)) return `wait-timeout left no time to ${action}`;
  if (error instanceof AuthError && error.statusCode === 403) {
    return `the API key may not ${action} (403): its role does not allow it`;
  }
  return error instanceof Error ? error.message : String(error);
}

// src/run/remediation-step.ts
async function runRemediations(client, targets, options) {
  return Promise.all(targets.map((target) => remediateOne(client, target, options)));
}
async function remediateOne(client, target, options) {
  const base = { findingId: target.id, title: target.title, severity: target.severity };
  let job;
  try {
    job = await client.remediateFinding(target.id, { signal: options.signal });
  } catch (error) {
    if (options.signal.aborted)
      return { ...base, ...leftUnfinished(null), problem: "the job was not started in time" };
    return { ...base, jobId: null, prUrl: "", branch: "", problem: describeStartFailure(error) };
  }
  try {
    const done = hasPullRequest(job) ? job : await client.waitForRemediation(job.id, {
      intervalMs: options.intervalMs,
      timeoutMs: options.timeoutMs,
      signal: options.signal
    });
    if (hasPullRequest(done)) {
      return { ...base, jobId: done.id, prUrl: done.pr_url ?? "", branch: done.branch ?? "", problem: null };
    }
    const strangeUrl = done.pr_url ? ` (its pull request address is not an http(s) URL)` : "";
    const reason = done.failure_reason ? `: ${done.failure_reason}` : strangeUrl;
    const status = done.status ? ` (${done.status})` : "";
    return {
      ...base,
      jobId: done.id,
      prUrl: "",
      branch: done.branch ?? "",
      problem: `the job ended without a pull request${status}${reason}`
    };
  } catch (error) {
    if (options.signal.aborted || error instanceof PollTimeoutError) {
      return { ...base, ...leftUnfinished(job.id), problem: "the job had not finished in time" };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...base, jobId: job.id, prUrl: "", branch: "", problem: `the job did not finish: ${reason}` };
  }
}
function leftUnfinished(jobId) {
  return { jobId, prUrl: "", branch: "", unfinished: true };
}
function hasPullRequest(job) {
  return typeof job.pr_url === "string" && /^https?:\/\/\S+$/i.test(job.pr_url);
}
function describeStartFailure(error) {
  if (error instanceof AuthError && error.statusCode === 403) {
    return "the API key may not start remediations (403): use a key with the member role or higher, or set remediate: false";
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `the job could not be started: ${reason}`;
}

// src/run/run-scan.ts
var ScanEndedError = class extends RunError {
  name = "ScanEndedError";
};
async function runScan(context) {
  const skipped = await outOfScopeChange(context);
  if (skipped !== void 0) return skippedRun(context, skipped);
  const { scan, baseline, creditsBefore, reported: reported2, need } = await scanToCompletion(context);
  if (need !== void 0) context = { ...context, findingsNeed: need };
  const insightsBeside = lateWorkSpendsCredits(context.settings) ? void 0 : runInsights(context, scan.id, creditsBefore);
  const { verdict, results, policy, notes, remediationTargets, report } = await judge(
    context,
    scan,
    baseline
  );
  const remediations = context.settings.remediate ? await remediate(context, remediationTargets) : [];
  const insights = await (insightsBeside ?? runInsights(context, scan.id, creditsBefore));
  context.stopSignal.throwIfAborted();
  const unfinished = unfinishedRemediationsNote(remediations, context.settings.waitTimeoutSeconds);
  if (unfinished) notes.push(unfinished);
  const fixes = await readFixes(context.client, {
    scanId: scan.id,
    results,
    aiSucceeded: insights.insights.ai?.outcome === "succeeded",
    max: context.findingsNeed.fixes ?? 0,
    signal: context.signal
  });
  return {
    scan: reported2(scan),
    scanStatus: scanStatusOutput(scan.status),
    results: {
      ...results,
      verdict: applyComplianceGate(verdict, insights.insights.compliance),
      remediations,
      ...fixes.length > 0 ? { fixes } : {}
    },
    notes: [...context.policy.notes, ...notes, ...insights.notes],
    insights: insights.insights,
    policy,
    report
  };
}
function lateWorkSpendsCredits(settings) {
  return settings.remediate || settings.aiAnalysis;
}
async function outOfScopeChange(context) {
  const inScope = context.policy.inScope;
  const change = context.change;
  if (inScope === void 0 || change === void 0) return void 0;
  context.progress.stage = "repository";
  const diff = await change.diff(context.signal);
  if (diff.unavailable !== void 0 || !diff.complete) return void 0;
  const touched = diff.files.some(
    (file) => [file.headPath, file.basePath].some((path) => path !== null && inScope(path))
  );
  if (touched) return void 0;
  return `No file in scope changed: the ${diff.files.length} changed files lie outside ${describeScope(context.policy)}, so no scan was started.`;
}
function describeScope(policy) {
  const parts = [
    policy.paths.length > 0 ? `paths (${policy.paths.join(", ")})` : "",
    policy.pathsIgnore.length > 0 ? `or inside paths-ignore (${policy.pathsIgnore.join(", ")})` : ""
  ].filter((part) => part !== "");
  return parts.join(" ");
}
function skippedRun(context, reason) {
  context.log.info(reason);
  return {
    scan: void 0,
    scanStatus: void 0,
    results: void 0,
    notes: [...context.policy.notes],
    policy: reportedPolicy(context.policy, void 0, void 0),
    skipped: reason
  };
}
async function scanToCompletion(context) {
  const { settings, progress } = context;
  progress.stage = "repository";
  const creditsRead = readCreditsBefore(context);
  const repository = context.repository ?? await lookUpRepository(context).catch(async (error) => {
    await creditsRead;
    throw error;
  });
  const ref = settings.ref ?? repository.default_branch;
  const reported2 = (scan2) => ({
    id: scan2.id,
    status: scan2.status,
    repository: repository.full_name,
    ref,
    modules: scan2.modules
  });
  progress.stage = "scan";
  const creditsBefore = creditsBeforeFigure(context, await creditsRead);
  const reuse = reusesFor(context, ref);
  const scans = reuse || comparesWithBaseline(context) ? await readRecentScans(context, repository.id) : void 0;
  const { started, reused } = await startOrReuse(context, repository, ref, reuse ? scans : void 0);
  const need = await context.onScanStarted(reported2(started));
  const { scan, baseline } = await waitWithBaseline(context, started, scans, repository.id);
  if (!reused) context.record.scanSettled();
  progress.scan = scan;
  if (classifyScanStatus(scan.status) !== "succeeded") throw new ScanEndedError(describeEndedScan(scan));
  return { scan, baseline, creditsBefore, reported: reported2, need };
}
function reusesFor(context, ref) {
  if (!context.settings.reuseScan) return false;
  if (isCommitSha(ref)) return true;
  context.log.info(
    `reuse-scan: ${ref} is not a full commit SHA and may have moved since a recent scan, so a new scan is started.`
  );
  return false;
}
async function startOrReuse(context, repository, ref, scans) {
  const { settings, log, progress } = context;
  const reusable = scans !== void 0 ? findReusableScan(
    scans,
    { ref, modules: settings.modules, frameworks: settings.frameworks },
    Date.now()
  ) : void 0;
  if (reusable) {
    log.info(`Reusing scan ${reusable.id} (${reusable.status}) of ${repository.full_name} at ${ref}.`);
    context.record.scanSettled();
    context.record.scanId(reusable.id);
    progress.scan = reusable;
    return { started: reusable, reused: true };
  }
  log.info(`Starting a scan of ${repository.full_name} at ${ref}`);
  const started = await startScan(
    context,
    {
      repository_id: repository.id,
      ref,
      ...settings.modules.length > 0 ? { modules: [...settings.modules] } : {},
      ...settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {},
      is_incremental: settings.incremental
    },
    (scan) => {
      const how = context.scanStarter?.adopted?.(scan.id) === true ? "Adopted" : "Started";
      log.info(`${how} scan ${scan.id} of ${repository.full_name} at ${ref}`);
      progress.scan = scan;
    }
  );
  return { started, reused: false };
}
async function waitWithBaseline(context, started, scans, repositoryId) {
  const stopBaseline = new AbortController();
  const finder = comparesWithBaseline(context) ? context.baselineFinder : void 0;
  const baselinePlan = finder ? finder.find(
    { ...context, signal: AbortSignal.any([context.signal, stopBaseline.signal]) },
    started,
    scans,
    repositoryId
  ) : void 0;
  try {
    const scan = await waitForScan(context, started, (seen) => {
      context.progress.scan = seen;
    });
    return { scan, baseline: await baselinePlan };
  } catch (error) {
    stopBaseline.abort(error);
    await baselinePlan?.catch(() => void 0);
    throw error;
  }
}
async function judge(context, scan, baseline) {
  const { settings } = context;
  context.progress.stage = "findings";
  const comparisonNotes = [];
  const compared = await compareIfBaseline(context, scan, baseline, reportFloorOf(settings), comparisonNotes);
  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    resultsReader(context),
    scan.id,
    settings,
    context.signal,
    { ...context.findingsNeed, countsOnly: context.countsOnly, wholeUnderPolicy: context.wholeUnderPolicy },
    compared?.filter ?? filterWithoutComparison(context, comparisonNotes)
  );
  const incomplete = incompleteModules(scan);
  const notes = scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete });
  notes.push(...comparisonNotes);
  const comparison = settings.gateMode === "new" ? compared : void 0;
  const verdict = comparison ? evaluateNewFindingsGate({
    counts: tally.counts,
    newCounts: comparison.newCounts,
    existingCounts: comparison.existingCounts,
    failOn: settings.failOn,
    incompleteModules: incomplete
  }) : evaluateGate(tally.counts, settings.failOn, incomplete);
  const findings = comparison ? [...comparison.reported.newFindings, ...comparison.reported.existingFindings].slice(
    0,
    Math.max(context.findingsNeed.rows, tally.kept().length)
  ) : tally.kept();
  return {
    verdict,
    results: {
      riskScore: report.risk_score,
      counts: tally.counts,
      severityThreshold: settings.severityThreshold,
      failOn: settings.failOn,
      reportFloor: tally.reportFloor,
      findings,
      reportedTotal: tally.reportedTotal,
      gateMode: comparison ? "new" : "all",
      comparison: comparison?.reported
    },
    policy: reportedPolicy(context.policy, tally, settings.failOn),
    notes,
    // Under the new-findings gate, only what the pull request introduces: the rest is the default branch's.
    remediationTargets: comparison ? comparison.reported.newFindings : findings,
    report
  };
}
function filterWithoutComparison(context, notes) {
  if (context.change === void 0 || context.policy.dismissals === void 0)
    return gateFilter(context.policy, []);
  notes.push(
    "Without a comparison with the baseline, no dismissed code scanning alert takes a finding out of the gate: any finding may be one this change introduced."
  );
  return context.policy.filter;
}
function comparesWithBaseline(context) {
  if (context.baselineFinder === void 0) return false;
  return context.settings.gateMode === "new" || context.change !== void 0 && context.policy.dismissals !== void 0;
}
function resultsReader(context) {
  const { client, findingReading } = context;
  if (findingReading === void 0) return client;
  return {
    getScanReport: (id, options) => client.getScanReport(id, options),
    listFindings: (params, options) => findingReading.listFindings(params, options)
  };
}
async function compareIfBaseline(context, scan, baseline, reportFloor, notes) {
  const comparison = baseline?.scan !== void 0 && context.change ? await compareWithBaseline(
    context,
    context.change,
    scan,
    { ...baseline, scan: baseline.scan },
    reportFloor
  ) : void 0;
  if (context.settings.gateMode === "new" && comparison === void 0) {
    const why = baseline?.missing ?? (context.change === void 0 ? "this run has no pull request of the scanned repository to compare with" : "this run finds no baseline scan");
    notes.push(`No baseline to compare with (${why}): the gate judges every finding.`);
  }
  if (baseline?.started && comparison) {
    notes.push(
      `The baseline scan ${comparison.reported.baselineScanId} of ${comparison.reported.baselineCommit} was started for this comparison: it cost a scan.`
    );
  }
  return comparison;
}
function reportedPolicy(policy, tally, failOn) {
  if (policy.source === void 0 && policy.inScope === void 0 && policy.change.length === 0)
    return void 0;
  const inForce = policy.suppressions.filter((suppression) => suppression.state !== "expired");
  return {
    source: policy.source,
    change: policy.change,
    changeApplied: policy.changeApplied,
    paths: policy.paths,
    pathsIgnore: policy.pathsIgnore,
    suppressed: tally?.suppressed() ?? [],
    suppressedCount: tally?.suppressedCount ?? 0,
    outOfScopeCount: tally?.outOfScopeCount ?? 0,
    unused: tally ? inForce.filter((suppression) => !tally.matchedSuppressions.has(suppression.entry)).map((s) => s.description) : [],
    expired: policy.suppressions.filter((s) => s.state === "expired").map((s) => s.description),
    expiringSoon: policy.suppressions.filter((s) => s.state === "expiring").map((s) => s.description),
    readWholeFrom: (policy.filter.active || policy.dismissals !== void 0) && failOn !== void 0 && failOn !== "none" ? failOn : void 0
  };
}
function incompleteModules(scan) {
  return scan.modules.filter((m) => !isModuleComplete(m.status)).map((m) => `${m.name} (${m.status})`);
}
async function remediate(context, candidates) {
  const { log, settings } = context;
  context.progress.stage = "remediation";
  const targets = selectRemediationTargets(candidates, settings.remediateSeverity, settings.maxRemediations);
  if (targets.length === 0) {
    log.info(
      settings.maxRemediations === 0 ? "max-remediations is 0: no remediation started." : `No reported finding is ${settings.remediateSeverity} or above: no remediation started.`
    );
    return [];
  }
  log.startGroup(`Remediating ${targets.length === 1 ? "1 finding" : `${targets.length} findings`}`);
  try {
    const window = lateWindow(context);
    const outcomes = await runRemediations(context.client, targets, {
      intervalMs: 3e3,
      timeoutMs: window.remainingMs,
      signal: window.signal
    });
    for (const outcome of outcomes) {
      const line = outcome.problem === null ? `${outcome.findingId}: pull request ${outcome.prUrl} (branch ${outcome.branch})` : `${outcome.findingId}: no pull request: ${outcome.problem}`;
      log.info(line);
    }
    return outcomes;
  } finally {
    log.endGroup();
  }
}
function lateWindow(context) {
  const remainingMs = Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs))]),
    remainingMs
  };
}
function unfinishedRemediationsNote(outcomes, waitTimeoutSeconds) {
  const unfinished = outcomes.filter((outcome) => outcome.unfinished === true);
  if (unfinished.length === 0) return void 0;
  const named = unfinished.map(
    (outcome) => outcome.jobId === null ? `${outcome.findingId} (not started)` : `${outcome.findingId} (job ${outcome.jobId})`
  );
  return `wait-timeout (${waitTimeoutSeconds} s) ran out after the gate had decided: ${unfinished.length} of ${outcomes.length} remediations were left unfinished: ${named.join(", ")}. The verdict stands; a job left running may still open its pull request.`;
}

// src/run/policy-text.ts
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { resolve } from "node:path";
var MAX_POLICY_BYTES = LIMITS.policyFileBytes.max;
var PolicyFileError = class extends RunError {
  name = "PolicyFileError";
};
async function readWorkspacePolicy(workspace, path, commit) {
  try {
    if (!await reachedWithoutLinks(workspace, path)) return void 0;
    const handle = await open(
      resolve(workspace, path),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK
    );
    try {
      const bytes = await readRegularFile(handle, path);
      return { text: bytes.toString("utf8"), path, commit, via: "the workspace" };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    if (error instanceof PolicyFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new PolicyFileError(`Could not read the policy file ${path} in the workspace: ${reason}`);
  }
}
async function reachedWithoutLinks(workspace, path) {
  const parts = path.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    const stats = await lstat(resolve(workspace, ...parts.slice(0, depth))).catch((error) => {
      if (error.code === "ENOENT") return void 0;
      throw error;
    });
    if (stats === void 0) return false;
    if (stats.isSymbolicLink()) throw notAFile(path, "a symbolic link", parts.slice(0, depth).join("/"));
  }
  return true;
}
async function readRegularFile(handle, path) {
  const stats = await handle.stat();
  if (!stats.isFile()) throw notAFile(path, stats.isDirectory() ? "a folder" : "not a regular file");
  if (stats.size > MAX_POLICY_BYTES) throw tooLarge(path, stats.size);
  const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
  let length = 0;
  for (; ; ) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
    if (length > MAX_POLICY_BYTES) throw tooLarge(path, length, "more than ");
  }
  return buffer.subarray(0, length);
}
function tooLarge(path, bytes, atLeast = "") {
  return new PolicyFileError(
    `The policy file ${path} is ${atLeast}${bytes} bytes; a policy file may hold at most ${MAX_POLICY_BYTES} bytes.`
  );
}
function notAFile(path, what, link) {
  const where = link === void 0 || link === path ? "is" : `is reached through ${link}, which is`;
  return new PolicyFileError(
    `The policy file ${path} ${where} ${what}: a policy is read only from a regular file in the repository. Put the policy itself at that path.`
  );
}

// src/run/spill-file.ts
import { mkdtemp, open as open2, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
var SpillFile = class {
  #parent;
  #opened;
  /** The end of what is written or being written: each write takes its place before it waits. */
  #end = 0;
  constructor(parent = tmpdir()) {
    this.#parent = parent;
  }
  async write(value) {
    const bytes = Buffer.from(JSON.stringify(value), "utf8");
    const spilled = { at: this.#end, length: bytes.length };
    this.#end += bytes.length;
    const { handle } = await this.#open();
    await handle.write(bytes, 0, bytes.length, spilled.at);
    return spilled;
  }
  async read(spilled) {
    const { handle } = await this.#open();
    const bytes = Buffer.alloc(spilled.length);
    await handle.read(bytes, 0, spilled.length, spilled.at);
    return JSON.parse(bytes.toString("utf8"));
  }
  /** The file's path once something was written (for the tests); undefined before, and after `close`. */
  async path() {
    return this.#opened && join((await this.#opened).directory, "pages.json");
  }
  /** Removes the file and its directory; a later write makes a new one. */
  async close() {
    const opened = this.#opened;
    if (opened === void 0) return;
    this.#opened = void 0;
    this.#end = 0;
    const { directory, handle } = await opened;
    await handle.close();
    await rm(directory, { recursive: true, force: true });
  }
  #open() {
    this.#opened ??= (async () => {
      const directory = await mkdtemp(join(this.#parent, "svc-findings-"));
      return { directory, handle: await open2(join(directory, "pages.json"), "w+", 384) };
    })();
    return this.#opened;
  }
};

// src/run/finding-set.ts
var FINDINGS_KEPT_IN_MEMORY = 1e4;
var FindingSet = class {
  #client;
  #keep;
  #pages = /* @__PURE__ */ new Map();
  #memoryBound;
  #spill;
  #inMemory = 0;
  constructor(client, keep, options = {}) {
    this.#client = client;
    this.#keep = keep;
    this.#memoryBound = options.memoryBound ?? FINDINGS_KEPT_IN_MEMORY;
    this.#spill = options.spill ?? new SpillFile();
  }
  async listFindings(params = {}, options) {
    const key = keyOf(params);
    const kept = key === void 0 ? void 0 : this.#pages.get(key);
    if (kept !== void 0 && params.limit !== void 0 && kept.asked >= params.limit) {
      const page2 = await this.#pageOf(kept);
      return { ...page2, items: page2.items.slice(0, params.limit) };
    }
    const page = await this.#client.listFindings(params, options);
    if (key !== void 0 && params.limit !== void 0 && this.#keep)
      this.#pages.set(key, { asked: params.limit, page: await this.#placed(page) });
    return page;
  }
  /** Removes the spill file, when there is one: the run calls it once its reporters are done. */
  close() {
    return this.#spill.close();
  }
  /** In memory while the bound allows; past it, in the spill file. */
  async #placed(page) {
    if (this.#inMemory + page.items.length <= this.#memoryBound) {
      this.#inMemory += page.items.length;
      return page;
    }
    return this.#spill.write(page);
  }
  async #pageOf(kept) {
    if ("items" in kept.page) return kept.page;
    return await this.#spill.read(kept.page);
  }
};
function keyOf(params) {
  if (params.scan_id === void 0) return void 0;
  return `${params.scan_id}
${params.severity ?? "*"}
${params.offset ?? 0}`;
}

export {
  loadPolicyParser,
  runPolicyOf,
  evaluateGate,
  findOrStartBaseline,
  findCompletedBaseline,
  collectScanResults,
  ScanEndedError,
  runScan,
  incompleteModules,
  MAX_POLICY_BYTES,
  PolicyFileError,
  readWorkspacePolicy,
  tooLarge,
  notAFile,
  SpillFile,
  FindingSet
};
//# sourceMappingURL=chunk-6KNMLQ7N.js.map
