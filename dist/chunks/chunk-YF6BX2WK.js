import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  CODE_SCANNING_UPLOAD_MANIFEST
} from "./chunk-VEUFIVSE.js";
import {
  LIMITS,
  RUN_INPUTS
} from "./chunk-JAMHECB7.js";
import {
  numberInput,
  optionalNumberInput,
  optionalTextInput,
  parseInputs,
  rangeText,
  textOf
} from "./chunk-DTE7QE2B.js";
import {
  FleetUsageError
} from "./chunk-ERRIPKIX.js";
import {
  classifyScanStatus
} from "./chunk-WNLN7TCM.js";

// src/fleet/utc-time.ts
function utcSecond(ms) {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
function utcTimeOfDay(ms) {
  return utcSecond(ms).slice(11);
}

// src/fleet/fleet-progress.ts
var PROGRESS_INTERVAL = { defaultSeconds: 60, min: 5, max: 3600 };
function parseProgressInterval(text, flag) {
  const trimmed = text.trim();
  const seconds = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (seconds === 0 || seconds >= PROGRESS_INTERVAL.min && seconds <= PROGRESS_INTERVAL.max) return seconds;
  throw new FleetUsageError(
    `${flag} is invalid: got '${text}'; expected 0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`
  );
}
var FleetProgress = class {
  #total;
  #deadlineAt;
  #running = 0;
  #passed = 0;
  #failed = 0;
  #notJudged = 0;
  /** `deadlineAt`: when the fleet's wait-timeout runs out (ms, the fleet's clock). */
  constructor(total, deadlineAt) {
    this.#total = total;
    this.#deadlineAt = deadlineAt;
  }
  started() {
    this.#running += 1;
  }
  ended(outcome) {
    this.#running -= 1;
    if (outcome.gate === "passed") this.#passed += 1;
    else if (outcome.gate === "failed") this.#failed += 1;
    else this.#notJudged += 1;
  }
  /** `412 of 1000 done (372 passed, 37 failed the gate, 3 not judged), 100 running, 488 waiting; deadline 06:02:00Z`. */
  line() {
    const done = this.#passed + this.#failed + this.#notJudged;
    const waiting = this.#total - done - this.#running;
    return `${done} of ${this.#total} done (${this.#passed} passed, ${this.#failed} failed the gate, ${this.#notJudged} not judged), ${this.#running} running, ${waiting} waiting; deadline ${utcTimeOfDay(this.#deadlineAt)}`;
  }
};
function reportProgress(progress, timer) {
  if (timer.intervalSeconds === 0) return { end: () => Promise.resolve() };
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, timer.signal]);
  const ticking = (async () => {
    for (; ; ) {
      try {
        await timer.sleep(timer.intervalSeconds * 1e3, signal);
      } catch {
        return;
      }
      if (signal.aborted) return;
      timer.log.info(progress.line());
    }
  })();
  return {
    end: async () => {
      stop.abort();
      await ticking;
      timer.log.info(progress.line());
    }
  };
}

// src/fleet/run-id.ts
var RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
function fleetRunId(given, env, flag) {
  if (given !== void 0) {
    const id = given.trim();
    if (!RUN_ID.test(id))
      throw new FleetUsageError(
        `${flag} is invalid: got '${given}'; expected an id of letters, digits, '.', '_', ':' or '-' (at most 128), such as the CI's run id.`
      );
    return id;
  }
  for (const name of ["GITHUB_RUN_ID", "CI_PIPELINE_ID"]) {
    const value = env[name]?.trim() ?? "";
    if (RUN_ID.test(value)) return value;
  }
  return null;
}

// src/fleet/shard.ts
import { createHash } from "node:crypto";
var MAX_SHARDS = 1e3;
function shardOf(fullName, count) {
  const digest = createHash("sha256").update(fullName.toLowerCase(), "utf8").digest();
  return digest.readUIntBE(0, 6) % count + 1;
}
function inShard(fullName, part) {
  return part === void 0 || shardOf(fullName, part.count) === part.index;
}
function formatShard(part) {
  return `${part.index}/${part.count}`;
}
function shardNumber(text) {
  if (!/^\d{1,4}$/.test(text)) return void 0;
  const value = Number(text);
  return value >= 1 && value <= MAX_SHARDS ? value : void 0;
}
function parseShardCount(text, flag) {
  const count = shardNumber(text.trim());
  if (count === void 0)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected a whole number of shards from 1 to ${MAX_SHARDS}.`
    );
  return count;
}
function parseShard(text, flag) {
  const [indexText = "", countText = "", ...rest] = text.trim().split("/");
  const index = shardNumber(indexText);
  const count = shardNumber(countText);
  if (rest.length > 0 || index === void 0 || count === void 0 || index > count)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 1/4 (or auto).`
    );
  return { index, count };
}

// src/run/scan-status.ts
function scanStatusOutput(status) {
  switch (classifyScanStatus(status)) {
    case "succeeded":
      return "completed";
    case "failed":
      return "failed";
    case "cancelled":
      return "cancelled";
    case "running":
      return status;
  }
}

// src/domain/run-report.ts
var LISTED_COMPARED = 1e3;
function freezeReport(report) {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}

// src/fleet/repository-patterns.ts
var PATTERN = /^[A-Za-z0-9_.*?![\]{}-]+\/[A-Za-z0-9_.*?![\]{},-]+$/;
var MAX_PATTERNS = 1e3;
function parseRepositorySelection(text, flag) {
  const patterns = [...new Set(splitPatterns(text))];
  if (patterns.length === 0)
    throw new FleetUsageError(`${flag} is empty: give all, or owner/name or globs such as acme/service-*.`);
  if (patterns.length > MAX_PATTERNS)
    throw new FleetUsageError(`${flag} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are taken.`);
  const include = patterns.filter((pattern) => !pattern.startsWith("!"));
  const exclude = patterns.filter((pattern) => pattern.startsWith("!")).map((pattern) => pattern.slice(1));
  const all = include.some((pattern) => pattern.toLowerCase() === "all");
  if (all && include.length > 1)
    throw new FleetUsageError(
      `${flag} is invalid: all selects every repository; beside it give only patterns that exclude, such as !acme/legacy.`
    );
  const bad = [
    ...all ? [] : include.filter((pattern) => !PATTERN.test(pattern)),
    ...exclude.filter((pattern) => pattern.startsWith("!") || !PATTERN.test(pattern)).map((pattern) => `!${pattern}`)
  ];
  if (bad.length > 0)
    throw new FleetUsageError(
      `${flag} is invalid: got ${bad.map((pattern) => `'${pattern}'`).join(", ")}; expected owner/name or a glob such as acme/service-*, or one that excludes such as !acme/legacy.`
    );
  const excluding = exclude.length > 0 ? { exclude } : {};
  return all || include.length === 0 ? { kind: "all", ...excluding } : { kind: "patterns", patterns: include, ...excluding };
}
function splitPatterns(text) {
  const parts = [];
  let depth = 0;
  let current = "";
  for (const character of text) {
    if (character === "{") depth += 1;
    if (character === "}") depth = Math.max(0, depth - 1);
    if (character === "," && depth === 0 || character === "\n") {
      parts.push(current);
      current = "";
    } else current += character;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

// src/fleet/fleet-manifest.ts
var FLEET_WAIT_TIMEOUT_SECONDS = 19800;
var FLEET_LIMITS = {
  concurrency: { min: 1, max: 500 },
  minCredits: { min: 0, max: 1e9 },
  shards: { min: 1, max: MAX_SHARDS }
};
function parsedBy(parse, expected) {
  return (value, problems) => {
    const text = textOf(value);
    if (text === "") return void 0;
    try {
      return parse(text, "");
    } catch (error) {
      if (!(error instanceof FleetUsageError)) throw error;
      problems.invalid(text, expected);
      return void 0;
    }
  };
}
var selection = {
  name: "repositories",
  default: "",
  description: "Scan many repositories in this one job and write one roll-up (fleet mode): all (every repository the key sees, or those of project-id), or owner/name and glob patterns such as acme/service-* separated by commas or new lines; a pattern that starts with ! excludes what it matches (all, !acme/legacy). Each is scanned at its default branch (ref overrides it for all). Wins over repository. Empty: one repository, as repository says.",
  cli: {
    value: "<list>",
    help: "owner/name or globs such as acme/service-*, comma separated; one starting with ! excludes: all, !acme/legacy",
    default: "every repository the key sees"
  },
  parse: parsedBy(
    parseRepositorySelection,
    "all, or owner/name and globs such as acme/service-* separated by commas or new lines, and ! patterns that exclude"
  )
};
var shard = {
  name: "shard",
  default: "",
  description: "This job's part of the fleet, as i/n (1-based), for a matrix of svc fleet plan --shards n: a repository's shard depends only on its full name and n, so shards never overlap and always cover the whole. Empty: the whole fleet.",
  cli: {
    value: "<i/n|auto>",
    help: "scan shard i of n (1-based); auto: from the engine's index (JOB_COMPLETION_INDEX, CI_NODE_INDEX, CIRCLE_NODE_INDEX, AWS_BATCH_JOB_ARRAY_INDEX)"
  },
  parse: parsedBy(parseShard, `i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 2/4`)
};
var progressIntervalSeconds = {
  name: "progress-interval",
  default: String(PROGRESS_INTERVAL.defaultSeconds),
  description: `Fleet mode: write a progress line to the log every this many seconds while the scans run (how many are done, passed, failed the gate, not judged, running and waiting, and the deadline), and once when the last ends. 0: none; otherwise ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`,
  cli: {
    value: "<seconds>",
    help: `a progress line on stderr every this many seconds while the scans run, and one when the last ends; 0: none; else ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`
  },
  bounds: PROGRESS_INTERVAL,
  parse: (value, problems) => parsedBy(
    parseProgressInterval,
    `0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`
  )(value, problems) ?? PROGRESS_INTERVAL.defaultSeconds
};
var REPOSITORY_POLICY_CHOICES = ["on", "off"];
var repositoryPolicy = {
  name: "repository-policy",
  default: "",
  description: "Fleet mode: judge each repository by its own .github/svc-scan.yml, read at its default branch's head through the GitHub App (a policy may tighten fail-on, never loosen it below the fleet's; one that does not parse leaves its repository not judged, never passed): on or off. Empty: on when github-app-id is given, else off (every repository judged by fail-on alone).",
  choices: REPOSITORY_POLICY_CHOICES,
  cli: {
    value: "<on|off>",
    help: "judge each repository by its own .github/svc-scan.yml at its default branch's head, never looser than --fail-on",
    default: "on with GitHub credentials, else off"
  },
  parse: (value, problems) => {
    const text = textOf(value).toLowerCase();
    if (text === "") return void 0;
    const choice = REPOSITORY_POLICY_CHOICES.find((known) => known === text);
    if (choice === void 0) problems.invalid(textOf(value), "on or off", REPOSITORY_POLICY_CHOICES);
    return choice;
  }
};
var GITHUB_CREDENTIALS = {
  githubAppId: {
    ...optionalTextInput({
      name: "github-app-id",
      default: "",
      description: "Fleet mode: the id (or client id) of a GitHub App installed on the repositories' owners (contents: read, metadata: read), with github-app-private-key: the step mints and renews its installation tokens to read each repository's default branch and policy. Empty: the fleet has no GitHub credentials (the workflow's github-token is never used for it: it reaches only the workflow's own repository)."
    }),
    cli: {
      value: "<id>",
      help: "a GitHub App's id (or client id), with its private key: its installations read each repository's head and policy",
      default: "SVC_GITHUB_APP_ID"
    },
    env: "SVC_GITHUB_APP_ID"
  },
  githubAppPrivateKey: {
    ...optionalTextInput({
      name: "github-app-private-key",
      default: "",
      description: "Fleet mode: the GitHub App's private key, the whole PEM file GitHub generated (PKCS#1, or PKCS#8), from a secret. Masked at once, line by line; it only signs the App's JWTs in the step and is sent nowhere. With github-app-id."
    }),
    cli: void 0,
    actionOnly: true
  },
  githubAppPrivateKeyFile: {
    ...optionalTextInput({
      name: "github-app-private-key-file",
      default: "",
      description: "The GitHub App's private key: its PEM file."
    }),
    cli: {
      value: "<pem>",
      help: "the GitHub App's private key, PKCS#1 or PKCS#8 (or SVC_GITHUB_APP_PRIVATE_KEY holding the PEM itself)",
      default: "SVC_GITHUB_APP_PRIVATE_KEY_FILE"
    },
    env: "SVC_GITHUB_APP_PRIVATE_KEY_FILE",
    svcOnly: true
  },
  githubToken: {
    ...optionalTextInput({
      name: "github-token",
      default: "",
      description: "A GitHub token the user minted, instead of the App."
    }),
    cli: {
      value: "<token>",
      help: "instead of the App, a GitHub token you minted (actions/create-github-app-token): used as given, never renewed",
      default: "SVC_GITHUB_TOKEN"
    },
    env: "SVC_GITHUB_TOKEN",
    svcOnly: true
  },
  githubApiUrl: {
    name: "github-api-url",
    default: "https://api.github.com",
    description: "GitHub's API.",
    cli: {
      value: "<url>",
      help: "GitHub's API (GitHub Enterprise Server: https://HOST/api/v3)",
      default: "GITHUB_API_URL, else https://api.github.com"
    },
    env: "GITHUB_API_URL",
    svcOnly: true,
    parse: (value) => textOf(value).replace(/\/+$/, "")
  }
};
function withRunFlag(descriptor) {
  if (descriptor.cli === void 0)
    throw new Error(`Input '${descriptor.name}' has no svc flag for the fleet to take.`);
  return { ...descriptor, cli: descriptor.cli };
}
var FLEET_MANIFEST = {
  selection,
  projectId: { ...RUN_INPUTS.projectId, cli: { value: "<id>", help: "the repositories of this project" } },
  ref: {
    // Only a ref the face is given: the workflow's own commit means nothing in another repository.
    ...optionalTextInput(RUN_INPUTS.ref),
    cli: {
      value: "<ref>",
      help: "git ref to scan in every repository",
      default: "each repository's default branch"
    }
  },
  shard,
  shards: {
    name: "shards",
    default: "",
    description: "The shard count of --shard auto, where the engine gives none.",
    cli: { value: "<n>", help: "the shard count for --shard auto where the engine gives none" },
    bounds: FLEET_LIMITS.shards,
    svcOnly: true,
    parse: parsedBy(parseShardCount, `a whole number of shards from ${rangeText(FLEET_LIMITS.shards)}`)
  },
  concurrency: {
    ...numberInput(
      {
        name: "concurrency",
        default: "10",
        description: `Fleet mode: scans in flight at once, never more (${rangeText(FLEET_LIMITS.concurrency)}).`
      },
      FLEET_LIMITS.concurrency,
      true
    ),
    cli: { value: "<n>", help: "scans in flight at once, never more" },
    bounds: FLEET_LIMITS.concurrency
  },
  pollIntervalSeconds: {
    ...RUN_INPUTS.pollIntervalSeconds,
    cli: {
      value: "<seconds>",
      help: "the first interval of the polling schedule, which backs off for long scans"
    },
    bounds: LIMITS.pollIntervalSeconds
  },
  waitTimeoutSeconds: {
    ...RUN_INPUTS.waitTimeoutSeconds,
    default: String(FLEET_WAIT_TIMEOUT_SECONDS),
    cli: { value: "<seconds>", help: "bound the whole fleet; scans still running then are cancelled" },
    bounds: LIMITS.waitTimeoutSeconds
  },
  progressIntervalSeconds,
  minCredits: {
    ...optionalNumberInput(
      {
        name: "min-credits",
        default: "",
        description: "Fleet mode: start no scan while the remaining credits are below this; the repositories left for lack of credits are reported as not judged. Empty: no floor."
      },
      FLEET_LIMITS.minCredits,
      true
    ),
    cli: { value: "<n>", help: "start no scan while the remaining credits are below n" },
    bounds: FLEET_LIMITS.minCredits
  },
  ledgerPath: {
    ...optionalTextInput({
      name: "ledger",
      default: "",
      description: "Fleet mode: the JSON-lines file that records each start, so that a re-run of the job given the same file (restored from the Actions cache) waits for the scans already started instead of starting them again; a scan it names is adopted only when the service lists it as that repository's, and a ledger another attempt of the same workflow run (GITHUB_RUN_ID) finished is read again, never scanned again. Empty: a fresh svc-fleet-ledger.jsonl in RUNNER_TEMP (a file already there is discarded), which the post step reads."
    }),
    cli: {
      value: "<file>",
      help: "JSON lines recording each start, so that a re-run never starts a scan twice"
    }
  },
  runId: {
    name: "run-id",
    default: "",
    description: "The CI run this is an attempt of, in the ledger and the roll-up.",
    cli: {
      value: "<id>",
      help: "the CI run this is an attempt of, in the ledger and the roll-up; a ledger finished under the same id is read again, never scanned again",
      default: "GITHUB_RUN_ID, else CI_PIPELINE_ID"
    },
    svcOnly: true,
    parse: parsedBy(
      (text, flag) => fleetRunId(text, {}, flag) ?? void 0,
      "an id of letters, digits, '.', '_', ':' or '-' (at most 128), such as the CI's run id"
    )
  },
  // The gate's flags are svc scan's own: the same choices, defaults and help.
  failOn: withRunFlag(RUN_INPUTS.failOn),
  severityThreshold: withRunFlag(RUN_INPUTS.severityThreshold),
  repositoryPolicy,
  ...GITHUB_CREDENTIALS,
  // One scan's input, read in fleet mode too (its default, false, is the fleet's): each repository's own upload.
  uploadSarif: {
    ...CODE_SCANNING_UPLOAD_MANIFEST.inputs.uploadSarif,
    cli: {
      help: "upload each judged repository's SARIF to its code scanning, for its default branch at the scanned commit (needs GitHub credentials with security_events write)",
      default: "off"
    }
  }
};
function fleetOptionsOf(face) {
  const options = Object.values(FLEET_MANIFEST);
  return face === "svc" ? options.filter((option) => option.actionOnly !== true) : options.filter((option) => option.actionOnly === true || option.svcOnly !== true);
}
function readFleetManifest(given, problems) {
  const byName = new Map(
    Object.values(FLEET_MANIFEST).map((option) => [option.name, option])
  );
  const source = {
    value: (name) => {
      const option = byName.get(name);
      const value = option === void 0 ? void 0 : given(option);
      return value === void 0 || value.trim() === "" ? { value: option?.default ?? "", source: "default" } : { value, source: "input" };
    }
  };
  return parseInputs(FLEET_MANIFEST, source, void 0, problems);
}

export {
  LISTED_COMPARED,
  freezeReport,
  utcSecond,
  FleetProgress,
  reportProgress,
  fleetRunId,
  shardOf,
  inShard,
  formatShard,
  parseShardCount,
  parseShard,
  FLEET_WAIT_TIMEOUT_SECONDS,
  FLEET_MANIFEST,
  fleetOptionsOf,
  readFleetManifest,
  scanStatusOutput
};
//# sourceMappingURL=chunk-YF6BX2WK.js.map
