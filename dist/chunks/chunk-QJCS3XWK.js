import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  AuthError,
  ConfigError,
  ConnectionError,
  DecodeError,
  IncompleteListError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  ValidationError,
  hasVersionPrefix
} from "./chunk-4FZBDBB5.js";

// src/run/run-error.ts
var RunError = class extends Error {
  name = "RunError";
};
var ScanInterruptedError = class extends RunError {
  name = "ScanInterruptedError";
  /** The scan's status after the cancel request; undefined when there was no scan or the request failed. */
  scanStatus;
  constructor(message, scanStatus) {
    super(message);
    this.scanStatus = scanStatus;
  }
};

// src/run/failure-advice.ts
var ACTION_ADVICE_WORDS = {
  urlSetting: "api-url",
  giveKey: "store it as a repository or organization secret and pass it as the api-key input",
  machine: "the runner",
  caSetting: "in the job's env",
  again: "Re-run the job",
  roles: "(member starts scans and remediations)"
};
function adviseOnFailure(error, stage, context = {}) {
  const doing = context.doing ?? describeStage(stage);
  const words = context.words ?? ACTION_ADVICE_WORDS;
  if (error instanceof ConfigError) return error.message;
  if (error instanceof PermissionDeniedError) {
    return `The service refused the request (403) while ${doing}: the API key's role may not do this. Use a key with a role that allows it ${words.roles}, or ask an org admin. Service said: ${error.message}`;
  }
  if (error instanceof AuthError) {
    return `The service rejected the API key (401) while ${doing}. The key may be mistyped, revoked or from another environment: create a new key (svc keys create ci --role member) and ${words.giveKey}. Service said: ${error.message}`;
  }
  if (error instanceof NotFoundError) {
    if (context.baseUrl !== void 0 && !hasVersionPrefix(context.baseUrl)) {
      return `The service answered 404 while ${doing}, and the ${words.urlSetting} (${context.baseUrl}) does not end in /api/v1, where the service's paths live: set ${words.urlSetting} to the base URL ending in /api/v1. ${error.message}`;
    }
    return `The service answered 404 while ${doing}: ${error.message}`;
  }
  if (error instanceof ValidationError) {
    return `The service rejected the request (${String(error.statusCode)}) while ${doing}: ${error.message}. Check the inputs named in the message.`;
  }
  if (error instanceof RateLimitError) {
    return `The service rate limited the requests (429) while ${doing}, ${attempted(error, stage)}. ${words.again} later. ${error.message}`;
  }
  if (error instanceof ServerError) {
    return `The service failed (${String(error.statusCode)}) while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof ConnectionError) return adviseOnConnection(error, stage, doing, words);
  if (error instanceof RequestTimeoutError) {
    return `The service did not answer in time while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof DecodeError) {
    return `The service's answer could not be used while ${doing}, ${attempted(error, stage)}: ${error.message}. The service may be failing or answering in an unexpected format; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof IncompleteListError) {
    return `A list the service paged through did not end while ${doing}: ${error.message}. The service's totals keep changing; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof ServiceError) return `Failed while ${doing}: ${error.message}`;
  if (error instanceof Error) return `Unexpected error while ${doing}: ${error.message}`;
  return `Unexpected error while ${doing}: ${String(error)}`;
}
function attempted(error, stage) {
  if (error.attempts > 1) return `after ${error.attempts} attempts`;
  const starts = stage === "scan" || stage === "remediation";
  return starts ? "and the request was not repeated (repeating a request that starts a scan or a job could start a second one)" : "and the request was not repeated";
}
function adviseOnConnection(error, stage, doing, words) {
  switch (error.failure) {
    case "tls":
      return `The TLS connection to the service failed while ${doing} (${error.code ?? "certificate problem"}). A self-signed or corporate certificate authority is not trusted by Node: put the CA certificate (PEM) on ${words.machine} and set NODE_EXTRA_CA_CERTS to its path ${words.caSetting}. ${error.message}`;
    case "dns":
      return `The service's host name could not be resolved while ${doing} (${error.code ?? "DNS"}). Check the host in ${words.urlSetting} (or SVC_API_URL), and that ${words.machine}'s network can resolve it. ${error.message}`;
    case "connect":
      return `The connection to the service was refused or unreachable while ${doing}, ${attempted(error, stage)}. Check ${words.urlSetting} (is the service listening at that host and port?), and that ${words.machine} can reach the host (firewall, proxy: HTTPS_PROXY). ${error.message}`;
    case "reset":
    case "other":
      return `The connection to the service failed while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the network between ${words.machine} and the service. ${error.message}`;
  }
}
function describeStage(stage) {
  switch (stage) {
    case "inputs":
      return "reading the inputs";
    case "credentials":
      return "resolving the credentials";
    case "repository":
      return "looking up the repository";
    case "scan":
      return "running the scan";
    case "report":
      return "reading the scan report";
    case "findings":
      return "reading the findings";
    case "remediation":
      return "starting remediations";
  }
}

// src/run/run-deadline.ts
var RunDeadline = class {
  signal;
  timeoutMs;
  #endsAt;
  #now;
  constructor(timeoutMs, now) {
    this.timeoutMs = timeoutMs;
    this.#now = now;
    this.#endsAt = now() + timeoutMs;
    this.signal = AbortSignal.timeout(Math.ceil(timeoutMs));
  }
  get expired() {
    return this.signal.aborted || this.remainingMs() <= 0;
  }
  /** Time left, never negative. */
  remainingMs() {
    return Math.max(0, this.#endsAt - this.#now());
  }
};
var RUN_DEADLINE_MARGIN_MS = 5e3;
var REPORTING_MARGIN_MS = RUN_DEADLINE_MARGIN_MS - 1e3;
var RunTimeoutError = class extends RunError {
  name = "RunTimeoutError";
  stage;
  constructor(seconds, stage, scanId) {
    const scan = stage === "scan" && scanId !== void 0 ? ` Scan ${scanId} did not finish in time; it is cancelled when the job ends.` : "";
    super(
      `The run did not finish within wait-timeout (${seconds} s): it was ${describeStage(stage)}.${scan} wait-timeout bounds the whole run (repository lookup, scan, findings, remediations): raise it, scan fewer modules, or re-run the job if the service was slow.`
    );
    this.stage = stage;
  }
};

// src/text/did-you-mean.ts
var MAX_DISTANCE = 3;
var MIN_SIMILARITY = 0.4;
function similarNames(word, known) {
  let best = MAX_DISTANCE;
  let similar = [];
  for (const candidate of new Set(known)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) similar.push(candidate);
  }
  return similar.sort((a, b) => a.localeCompare(b));
}
function didYouMean(word, known) {
  const similar = similarNames(word, known).map((name) => `'${name}'`);
  if (similar.length === 0) return "";
  return similar.length === 1 ? ` Did you mean ${similar[0] ?? ""}?` : ` Did you mean one of ${similar.join(", ")}?`;
}
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  const at = (i, j) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let j = 0; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

// src/run/input-problem.ts
var ACTION_WORDS = {
  subject: (input) => `Input '${input}'`,
  reference: (input) => `input '${input}'`
};
function phraseText(phrase, words) {
  return phrase.map((part) => typeof part === "string" ? part : words.reference(part.input)).join("");
}
function problemText(problem, words) {
  const subject = problem.file === void 0 ? words.subject(problem.input) : `'${problem.input}' in ${problem.file}`;
  const expected = phraseText(problem.expected, words);
  const suggestion = didYouMean(problem.given.toLowerCase(), problem.known ?? []);
  return `${subject} is invalid: got '${problem.given}'; expected ${expected}.${suggestion}`;
}

export {
  RunError,
  ScanInterruptedError,
  adviseOnFailure,
  describeStage,
  didYouMean,
  ACTION_WORDS,
  phraseText,
  problemText,
  RunDeadline,
  RUN_DEADLINE_MARGIN_MS,
  REPORTING_MARGIN_MS,
  RunTimeoutError
};
//# sourceMappingURL=chunk-QJCS3XWK.js.map
