import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  RequestError
} from "./chunk-UTXIXAY2.js";
import {
  ACTION_INFORMATION_URI,
  MAX_POLICY_BYTES,
  PolicyFileError,
  checkedOutCommit,
  notAFile,
  readWorkspacePolicy,
  throughPolicy,
  tooLarge,
  writeFileAtomically,
  writeSarif
} from "./chunk-77UVR23O.js";
import {
  IncompleteListError,
  KindNumbers,
  cleanText,
  countedSeverity,
  cutText,
  findOrStartBaseline,
  findingIdentities,
  identityKey,
  loadPolicyParser,
  repositoryRelativeUri,
  runPolicyOf,
  runScan,
  streamScanFindings
} from "./chunk-UHVQIKJB.js";
import "./chunk-M4N7FEAI.js";
import {
  expiringSuppressionNotice
} from "./chunk-XP42XICO.js";
import {
  normaliseTitle,
  parseCwe,
  ruleIdFor
} from "./chunk-VUDNV2UM.js";
import {
  ANNOTATIONS_DELIVERED,
  CHECK_RUN_DELIVERED,
  FIX_SUGGESTIONS_DELIVERED,
  SARIF_FILE_DELIVERED,
  announceStart,
  findingDetails,
  jobSummaryDescriptor,
  outputsDescriptor,
  workflowAnnotationsDescriptor,
  workflowAnnotationsReporter
} from "./chunk-MZFSOFUG.js";
import {
  CHECK_RUN_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  NOTHING_DELIVERED,
  PR_COMMENT_INPUTS,
  SARIF_FILE_INPUTS,
  delivered,
  describeReporter,
  grantOf,
  ownSettings,
  permissionPlanOf,
  permissionsAdvice,
  sarifCategoryOf,
  scopesText
} from "./chunk-O3VPFHJX.js";
import {
  COMMENT_SUPPRESSED_ROWS,
  fileLink,
  renderInsightsCommentLines,
  renderPolicyChange,
  renderPolicySection,
  withNotCounted
} from "./chunk-XF4FWVMG.js";
import {
  ELSEWHERE,
  FINDING,
  counted,
  creditsNotice,
  leftOutLines,
  noun,
  resolveSarifPath,
  restOfScan
} from "./chunk-URG4WKJK.js";
import "./chunk-2MCR5RCG.js";
import {
  GITHUB_SARIF_LIMITS,
  TEXT_BUDGETS
} from "./chunk-Z2OI6ODC.js";
import {
  connectToService
} from "./chunk-YZ4CELXH.js";
import {
  CLIENT_VERSION,
  DEFAULT_USER_AGENT,
  realSleep
} from "./chunk-J75RFSD6.js";
import {
  runnerToolkit,
  savedScanRecord,
  toolkitLogger
} from "./chunk-XBBKAVGM.js";
import {
  ConfigError,
  REPORTING_MARGIN_MS,
  RunDeadline,
  RunError,
  escapeMarkdownInline,
  isLoopbackHost,
  isModuleComplete,
  loadUndici,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate,
  warningsAsInfo
} from "./chunk-6JNELK4N.js";
import {
  SEVERITIES,
  isAtOrAbove
} from "./chunk-QTPT64TT.js";
import {
  graceAfter
} from "./chunk-KY6MOU6A.js";
import "./chunk-RIUXWCXC.js";

// src/action/main-run.ts
import { homedir } from "node:os";

// src/github/github-client.ts
var MAX_RATE_LIMIT_WAITS = 3;
var DEFAULT_RATE_LIMIT_WAIT_MS = 6e4;
var PER_PAGE = 100;
var MAX_PAGES = 100;
var GitHubError = class extends Error {
  name = "GitHubError";
  status;
  constructor(message, status, options) {
    super(message, options);
    this.status = status;
  }
  /**
   * A refusal the action falls back from: the token may not do this (403: a fork's read-only token, or
   * `permissions:` without the scope) or cannot see the resource (404).
   */
  get refused() {
    return this.status === 403 || this.status === 404;
  }
};
var GitHubClient = class {
  /** Loaded with the first request: a run without a token, or refused before any, never compiles octokit. */
  #octokit;
  #options;
  #sleep;
  #now;
  #queue = Promise.resolve();
  constructor(options) {
    const url = new URL(options.apiUrl);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
      throw new Error(
        `GITHUB_API_URL (${options.apiUrl}) must be https: the token is sent in every request's Authorization header.`
      );
    }
    this.#options = options;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
  }
  #client() {
    this.#octokit ??= this.#createOctokit();
    return this.#octokit;
  }
  async #createOctokit() {
    const options = this.#options;
    const [{ Octokit: Client }, { fetch: undiciFetch }] = await Promise.all([
      import("./dist-src-KIOUMDM3.js"),
      loadUndici()
    ]);
    const dispatcher = options.dispatcher;
    return new Client({
      auth: options.token,
      baseUrl: options.apiUrl.replace(/\/+$/, ""),
      userAgent: options.userAgent,
      request: {
        fetch: (input, init) => undiciFetch(input, { ...init, dispatcher }),
        signal: options.signal
      },
      log: { debug: () => void 0, info: () => void 0, warn: () => void 0, error: () => void 0 }
    });
  }
  /** One request, after the ones before it have ended: GitHub asks integrations not to send bursts. */
  request(route, parameters) {
    return this.#enqueue(() => this.#send(route, parameters));
  }
  /**
   * One GraphQL document (`{GITHUB_API_URL}/graphql`, or `/api/graphql` on GitHub Enterprise Server), in the same
   * queue. GitHub answers errors with HTTP 200 and an `errors` array: those become a GitHubError too, 403 for
   * `FORBIDDEN` (what the workflow's token gets for resolveReviewThread) and 404 for `NOT_FOUND`.
   */
  graphql(document, variables) {
    return this.#enqueue(async () => {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.graphql(document, {
          ...variables,
          request: { signal: this.#options.signal }
        });
      } catch (error) {
        throw this.#wrapGraphql(error);
      }
    });
  }
  #enqueue(send) {
    const run = this.#queue.then(send, send);
    this.#queue = run.catch(() => void 0);
    return run;
  }
  #wrapGraphql(error) {
    const errors = error?.errors;
    if (!Array.isArray(errors)) return this.#wrap("POST /graphql", error);
    const first = errors[0] ?? {};
    const status = first.type === "FORBIDDEN" ? 403 : first.type === "NOT_FOUND" ? 404 : 422;
    const said = typeof first.message === "string" ? first.message : "GraphQL error";
    const token = this.#options.token;
    return new GitHubError(`POST /graphql failed: ${token ? said.replaceAll(token, "***") : said}`, status);
  }
  /** Every item of a list, page by page (100 a page), following GitHub's `Link` header. */
  async listAll(route, parameters = {}) {
    const items = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.request(route, { ...parameters, per_page: PER_PAGE, page });
      const data = response.data;
      items.push(...data);
      const link = response.headers.link ?? "";
      if (!/rel="next"/.test(link) || data.length === 0) return items;
    }
    throw new GitHubError(`${route}: more than ${MAX_PAGES} pages; the list was not read to its end`, 0);
  }
  async #send(route, parameters = {}) {
    for (let waits = 0; ; waits++) {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.request(route, {
          ...parameters,
          request: { signal: this.#options.signal }
        });
      } catch (error) {
        const wait = rateLimitWaitMs(error, this.#now());
        if (wait === void 0 || waits >= MAX_RATE_LIMIT_WAITS) throw this.#wrap(route, error);
        this.#options.logger.info(
          `GitHub asked the action to slow down (${route}); waiting ${Math.ceil(wait / 1e3)} s before trying again.`
        );
        try {
          await this.#sleep(wait, this.#options.signal);
        } catch {
          throw this.#wrap(route, error);
        }
      }
    }
  }
  #wrap(route, error) {
    const token = this.#options.token;
    const hide = (text2) => token ? text2.replaceAll(token, "***") : text2;
    if (error instanceof RequestError) {
      const body = error.response?.data;
      const said = typeof body?.message === "string" ? body.message : error.message;
      return new GitHubError(hide(`${route} failed with ${error.status}: ${said}`), error.status);
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new GitHubError(hide(`${route} failed: ${reason}`), 0);
  }
};
function rateLimitWaitMs(error, now) {
  if (!(error instanceof RequestError) || error.status !== 403 && error.status !== 429) return void 0;
  const headers = error.response?.headers ?? {};
  const retryAfter = Number(headers["retry-after"]);
  if (headers["retry-after"] !== void 0 && Number.isFinite(retryAfter))
    return Math.max(0, retryAfter * 1e3);
  if (headers["x-ratelimit-remaining"] === "0") {
    const reset = Number(headers["x-ratelimit-reset"]);
    return Number.isFinite(reset) ? Math.max(0, reset * 1e3 - now) : DEFAULT_RATE_LIMIT_WAIT_MS;
  }
  return error.status === 429 ? DEFAULT_RATE_LIMIT_WAIT_MS : void 0;
}

// src/action/policy/policy-file.ts
import { isAbsolute, normalize, sep } from "node:path";
var POLICY_FILE_PERMISSIONS = {
  feature: "the policy file through the contents API (no checkout)",
  needs: [{ scope: "contents", access: "read" }]
};
async function readPolicyText(path, commit, reach) {
  const inRepository = repositoryPath(path);
  if (reach.workspace && await checkedOutCommit(reach.workspace) === commit.toLowerCase()) {
    return readWorkspacePolicy(reach.workspace, inRepository, commit);
  }
  if (reach.github) return fromContentsApi(reach.github, inRepository, commit);
  return "unreachable";
}
function repositoryPath(path) {
  const normalized = normalize(path.replace(/\\/g, "/")).split(sep).join("/");
  if (isAbsolute(path) || normalized === ".." || normalized.startsWith("../") || normalized === ".") {
    throw new PolicyFileError(
      `Input 'config-file' is invalid: got '${path}'; expected a path inside the repository, such as .github/svc-scan.yml.`
    );
  }
  return normalized;
}
async function fromContentsApi(github, path, commit) {
  try {
    const response = await github.client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      owner: github.owner,
      repo: github.repo,
      path,
      ref: commit
    });
    const data = response.data;
    if (data.type === "symlink") throw notAFile(path, "a symbolic link", path);
    if (data.type !== "file" || data.encoding !== "base64" || typeof data.content !== "string") {
      throw new PolicyFileError(
        `The policy file ${path} at ${commit} is not a file GitHub's contents API can give (type ${String(data.type)}).`
      );
    }
    const bytes = Buffer.from(data.content.replace(/\s+/g, ""), "base64");
    if (bytes.length > MAX_POLICY_BYTES) throw tooLarge(path, bytes.length);
    return { text: bytes.toString("utf8"), path, commit, via: "GitHub's contents API" };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    if (error.status === 404) return void 0;
    const failure = `Could not read the policy file ${path} at ${commit} through GitHub's contents API: ${error.message}.`;
    if (error.status === 403) {
      throw new PolicyFileError(
        `${failure} The token needs ${grantOf(POLICY_FILE_PERMISSIONS)} (add it to the job's permissions), or check the repository out at the scanned commit.`
      );
    }
    return { unreadable: failure };
  }
}

// src/action/policy/load-policy.ts
var POLICY_READ_TIMEOUT_MS = 3e4;
async function loadPolicy(input) {
  const location = input.location;
  const reach = policyReach(input);
  const plan = readingPlan(input, location);
  if (plan === void 0) return noPolicy([]);
  const [judgeText, otherText] = await Promise.all([
    readRequired(location, plan.judge.commit, reach),
    plan.other ? readOther(location, plan.other.commit, reach) : Promise.resolve(void 0)
  ]);
  if (isUnreadable(judgeText)) {
    return {
      ...noPolicy(plan.notes),
      notes: [
        ...plan.notes,
        `${judgeText.unreadable} The run applies no policy: its settings, paths and suppressions are not in force, and the inputs and defaults set the gate.`
      ]
    };
  }
  if (judgeText === "unreachable") {
    return {
      ...noPolicy(plan.notes),
      log: [
        `No policy file was looked for: the workspace is not checked out at ${plan.judge.commit} and there is no github-token to read ${location.path} through GitHub.`
      ]
    };
  }
  if (judgeText === void 0 && otherText === void 0) return noPolicy(plan.notes);
  const parser = await input.parser();
  const judged = judgeText === void 0 ? void 0 : parseJudging(parser, judgeText);
  const other = otherPolicy(parser, otherText, plan.notes);
  const change = plan.other === void 0 ? [] : plan.judge.side === "base" ? parser.describePolicyChange(judged, other.policy) : parser.describePolicyChange(other.policy, judged);
  return {
    policy: judged,
    source: judgeText ? `${judgeText.path} at ${judgeText.commit.slice(0, 12)} (${plan.judge.name}), read from ${judgeText.via}` : void 0,
    change: other.invalid ? [...change, other.invalid] : change,
    changeApplied: plan.judge.side !== "base",
    notes: plan.notes,
    log: []
  };
}
function policyReach(input) {
  const { owner, repo, apiUrl } = input.facts.environment;
  const token = input.githubToken;
  let github;
  if (token && owner && repo) {
    try {
      const client = new GitHubClient({
        token,
        apiUrl,
        dispatcher: input.dispatcher,
        signal: AbortSignal.any([input.signal, AbortSignal.timeout(POLICY_READ_TIMEOUT_MS)]),
        logger: input.logger,
        userAgent: input.userAgent
      });
      github = { client, owner, repo };
    } catch {
      github = void 0;
    }
  }
  return { workspace: input.facts.origin.workspace, github };
}
function readingPlan(input, location) {
  if (!input.scanned.ownRepository) return void 0;
  const change = input.facts.change;
  if (change?.kind === "pull_request" && change.headSha && change.baseSha) {
    const head = { side: "head", name: "the pull request's head", commit: change.headSha };
    const base = { side: "base", name: "the pull request's base", commit: change.baseSha };
    const judgeBase = location.from === "base" || location.from === "auto" && change.fromFork;
    return judgeBase ? { judge: base, other: head, notes: [] } : { judge: head, other: base, notes: [] };
  }
  const commit = input.scanned.ref ?? "";
  if (commit === "") return void 0;
  const name = change?.kind === "merge_group" ? "the merge group's head" : "the scanned commit";
  return { judge: { side: "scanned", name, commit }, other: void 0, notes: [] };
}
async function readRequired(location, commit, reach) {
  const text2 = await readPolicyText(location.path, commit, reach);
  if (isUnreadable(text2) && location.named) throw new PolicyFileError(text2.unreadable);
  if (text2 === "unreachable") {
    if (!location.named) return "unreachable";
    throw new PolicyFileError(
      `Could not look for the policy file ${location.path} at ${commit}: the workspace is not checked out at that commit and there is no github-token to read it through GitHub. Check the repository out at the scanned commit, or give github-token (contents: read).`
    );
  }
  if (text2 === void 0 && location.named) {
    throw new PolicyFileError(
      `The policy file ${location.path} named by config-file does not exist at ${commit}. Add it, fix the path, or remove config-file to run without a policy.`
    );
  }
  return text2;
}
async function readOther(location, commit, reach) {
  const text2 = await readPolicyText(location.path, commit, reach).catch(() => "unreachable");
  return text2 === "unreachable" || isUnreadable(text2) ? void 0 : text2;
}
function otherPolicy(parser, text2, notes) {
  if (text2 === void 0) return { policy: void 0 };
  try {
    return { policy: parser.parsePolicy(text2.text, text2.path) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notes.push(
      `The policy file at ${text2.commit.slice(0, 12)} is invalid, and did not judge this run: ${reason}`
    );
    return { policy: void 0, invalid: `proposes a policy file that is invalid (${reason})` };
  }
}
function parseJudging(parser, text2) {
  try {
    return parser.parsePolicy(text2.text, text2.path);
  } catch (error) {
    throw new PolicyFileError(error instanceof Error ? error.message : String(error));
  }
}
function isUnreadable(text2) {
  return typeof text2 === "object" && text2 !== null && "unreadable" in text2;
}
function noPolicy(notes) {
  return { policy: void 0, source: void 0, change: [], changeApplied: true, notes, log: [] };
}

// node_modules/diff/libesm/patch/parse.js
function parsePatch(uniDiff) {
  const diffstr = uniDiff.split(/\n/), list = [];
  let i = 0;
  function isGitDiffHeader(line) {
    return /^diff --git /.test(line);
  }
  function isDiffHeader(line) {
    return isGitDiffHeader(line) || /^Index:\s/.test(line) || /^diff(?: -r \w+)+\s/.test(line);
  }
  function isFileHeader(line) {
    return /^(---|\+\+\+)\s/.test(line);
  }
  function isHunkHeader(line) {
    return /^@@\s/.test(line);
  }
  function parseIndex() {
    var _a;
    const index = {};
    index.hunks = [];
    list.push(index);
    let seenDiffHeader = false;
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isFileHeader(line) || isHunkHeader(line)) {
        break;
      }
      if (isGitDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        index.isGit = true;
        const paths = parseGitDiffHeader(line);
        if (paths) {
          index.oldFileName = paths.oldFileName;
          index.newFileName = paths.newFileName;
        }
        i++;
        while (i < diffstr.length) {
          const extLine = diffstr[i];
          if (isFileHeader(extLine) || isHunkHeader(extLine) || isDiffHeader(extLine)) {
            break;
          }
          const renameFromMatch = /^rename from (.*)/.exec(extLine);
          if (renameFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(renameFromMatch[1]);
            index.isRename = true;
          }
          const renameToMatch = /^rename to (.*)/.exec(extLine);
          if (renameToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(renameToMatch[1]);
            index.isRename = true;
          }
          const copyFromMatch = /^copy from (.*)/.exec(extLine);
          if (copyFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(copyFromMatch[1]);
            index.isCopy = true;
          }
          const copyToMatch = /^copy to (.*)/.exec(extLine);
          if (copyToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(copyToMatch[1]);
            index.isCopy = true;
          }
          const newFileModeMatch = /^new file mode (\d+)/.exec(extLine);
          if (newFileModeMatch) {
            index.isCreate = true;
            index.newMode = newFileModeMatch[1];
          }
          const deletedFileModeMatch = /^deleted file mode (\d+)/.exec(extLine);
          if (deletedFileModeMatch) {
            index.isDelete = true;
            index.oldMode = deletedFileModeMatch[1];
          }
          const oldModeMatch = /^old mode (\d+)/.exec(extLine);
          if (oldModeMatch) {
            index.oldMode = oldModeMatch[1];
          }
          const newModeMatch = /^new mode (\d+)/.exec(extLine);
          if (newModeMatch) {
            index.newMode = newModeMatch[1];
          }
          if (/^Binary files /.test(extLine)) {
            index.isBinary = true;
          }
          i++;
        }
        continue;
      } else if (isDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        const headerMatch = /^(?:Index:|diff(?: -r \w+)+)\s+/.exec(line);
        if (headerMatch) {
          index.index = line.substring(headerMatch[0].length).trim();
        }
      }
      i++;
    }
    parseFileHeader(index);
    parseFileHeader(index);
    if (index.oldFileName === void 0 !== (index.newFileName === void 0)) {
      throw new Error("Missing " + (index.oldFileName !== void 0 ? '"+++ ..."' : '"--- ..."') + " file header for " + ((_a = index.oldFileName) !== null && _a !== void 0 ? _a : index.newFileName));
    }
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isDiffHeader(line) || isFileHeader(line) || /^===================================================================/.test(line)) {
        break;
      } else if (isHunkHeader(line)) {
        index.hunks.push(parseHunk());
      } else {
        i++;
      }
    }
  }
  function parseGitDiffHeader(line) {
    const rest = line.substring("diff --git ".length);
    if (rest.startsWith('"')) {
      const oldPath = parseQuotedFileName(rest);
      if (oldPath === null) {
        return null;
      }
      const afterOld = rest.substring(oldPath.rawLength + 1);
      let newFileName;
      if (afterOld.startsWith('"')) {
        const newPath = parseQuotedFileName(afterOld);
        if (newPath === null) {
          return null;
        }
        newFileName = newPath.fileName;
      } else {
        newFileName = afterOld;
      }
      return {
        oldFileName: oldPath.fileName,
        newFileName
      };
    }
    const quoteIdx = rest.indexOf('"');
    if (quoteIdx > 0) {
      const oldFileName = rest.substring(0, quoteIdx - 1);
      const newPath = parseQuotedFileName(rest.substring(quoteIdx));
      if (newPath === null) {
        return null;
      }
      return {
        oldFileName,
        newFileName: newPath.fileName
      };
    }
    if (rest.startsWith("a/")) {
      const splits = [];
      let idx = 0;
      while (true) {
        idx = rest.indexOf(" b/", idx + 1);
        if (idx === -1) {
          break;
        }
        splits.push(idx);
      }
      if (splits.length > 0) {
        const mid = splits[Math.floor(splits.length / 2)];
        return {
          oldFileName: rest.substring(0, mid),
          newFileName: rest.substring(mid + 1)
        };
      }
    }
    return null;
  }
  function unquoteIfQuoted(s) {
    if (s.startsWith('"')) {
      const parsed = parseQuotedFileName(s);
      if (parsed) {
        return parsed.fileName;
      }
    }
    return s;
  }
  function parseQuotedFileName(s) {
    if (!s.startsWith('"')) {
      return null;
    }
    let result = "";
    let j = 1;
    while (j < s.length) {
      if (s[j] === '"') {
        return { fileName: result, rawLength: j + 1 };
      }
      if (s[j] === "\\" && j + 1 < s.length) {
        j++;
        switch (s[j]) {
          case "a":
            result += "\x07";
            break;
          case "b":
            result += "\b";
            break;
          case "f":
            result += "\f";
            break;
          case "n":
            result += "\n";
            break;
          case "r":
            result += "\r";
            break;
          case "t":
            result += "	";
            break;
          case "v":
            result += "\v";
            break;
          case "\\":
            result += "\\";
            break;
          case '"':
            result += '"';
            break;
          case "0":
          case "1":
          case "2":
          case "3":
          case "4":
          case "5":
          case "6":
          case "7": {
            if (j + 2 >= s.length || s[j + 1] < "0" || s[j + 1] > "7" || s[j + 2] < "0" || s[j + 2] > "7") {
              return null;
            }
            const bytes = [parseInt(s.substring(j, j + 3), 8)];
            j += 3;
            while (s[j] === "\\" && s[j + 1] >= "0" && s[j + 1] <= "7") {
              if (j + 3 >= s.length || s[j + 2] < "0" || s[j + 2] > "7" || s[j + 3] < "0" || s[j + 3] > "7") {
                return null;
              }
              bytes.push(parseInt(s.substring(j + 1, j + 4), 8));
              j += 4;
            }
            result += new TextDecoder("utf-8").decode(new Uint8Array(bytes));
            continue;
          }
          // Note that in C, there are also three kinds of hex escape sequences:
          // - \xhh
          // - \uhhhh
          // - \Uhhhhhhhh
          // We do not bother to parse them here because, so far as we know,
          // they are never emitted by any tools that generate unified diff
          // format diffs, and so for now jsdiff does not consider them legal.
          default:
            return null;
        }
      } else {
        result += s[j];
      }
      j++;
    }
    return null;
  }
  function parseFileHeader(index) {
    const fileHeaderMatch = /^(---|\+\+\+)\s+/.exec(diffstr[i]);
    if (fileHeaderMatch) {
      const prefix = fileHeaderMatch[1], data = diffstr[i].substring(3).trim().split("	", 2), header = (data[1] || "").trim();
      let fileName = data[0];
      if (fileName.startsWith('"')) {
        fileName = unquoteIfQuoted(fileName);
      } else {
        fileName = fileName.replace(/\\\\/g, "\\");
      }
      if (prefix === "---") {
        index.oldFileName = fileName;
        index.oldHeader = header;
      } else {
        index.newFileName = fileName;
        index.newHeader = header;
      }
      i++;
    }
  }
  function parseHunk() {
    var _a;
    const chunkHeaderIndex = i, chunkHeaderLine = diffstr[i++], chunkHeader = chunkHeaderLine.split(/@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/);
    const hunk = {
      oldStart: +chunkHeader[1],
      oldLines: typeof chunkHeader[2] === "undefined" ? 1 : +chunkHeader[2],
      newStart: +chunkHeader[3],
      newLines: typeof chunkHeader[4] === "undefined" ? 1 : +chunkHeader[4],
      lines: []
    };
    if (hunk.oldLines === 0) {
      hunk.oldStart += 1;
    }
    if (hunk.newLines === 0) {
      hunk.newStart += 1;
    }
    let addCount = 0, removeCount = 0;
    for (; i < diffstr.length && (removeCount < hunk.oldLines || addCount < hunk.newLines || ((_a = diffstr[i]) === null || _a === void 0 ? void 0 : _a.startsWith("\\"))); i++) {
      const operation = diffstr[i].length == 0 && i != diffstr.length - 1 ? " " : diffstr[i][0];
      if (operation === "+" || operation === "-" || operation === " " || operation === "\\") {
        hunk.lines.push(diffstr[i]);
        if (operation === "+") {
          addCount++;
        } else if (operation === "-") {
          removeCount++;
        } else if (operation === " ") {
          addCount++;
          removeCount++;
        }
      } else {
        throw new Error(`Hunk at line ${chunkHeaderIndex + 1} contained invalid line ${diffstr[i]}`);
      }
    }
    if (!addCount && hunk.newLines === 1) {
      hunk.newLines = 0;
    }
    if (!removeCount && hunk.oldLines === 1) {
      hunk.oldLines = 0;
    }
    if (addCount !== hunk.newLines) {
      throw new Error("Added line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (removeCount !== hunk.oldLines) {
      throw new Error("Removed line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (i < diffstr.length && diffstr[i] && /^[+ -]/.test(diffstr[i]) && !isFileHeader(diffstr[i])) {
      throw new Error("Hunk at line " + (chunkHeaderIndex + 1) + " has more lines than expected (expected " + hunk.oldLines + " old lines and " + hunk.newLines + " new lines)");
    }
    return hunk;
  }
  while (i < diffstr.length) {
    parseIndex();
  }
  return list;
}

// src/new-findings/pr-diff.ts
var FileLines = class {
  diff;
  #hunks;
  constructor(diff) {
    this.diff = diff;
    const { mapping } = diff;
    this.#hunks = mapping.kind === "hunks" || mapping.kind === "created" ? mapping.hunks.map(indexHunk) : [];
  }
  /** True when the lines of this file cannot be followed: matching falls back to kind and file. */
  get coarse() {
    return this.diff.mapping.kind === "unknown";
  }
  /**
   * The head line that a base line became: its new number when the pull request left it unchanged, null when
   * it removed or rewrote it (or removed the file), undefined when the file's lines cannot be followed.
   */
  headLineOf(baseLine) {
    const { mapping } = this.diff;
    if (this.diff.headPath === null || mapping.kind === "created") return null;
    if (mapping.kind === "unknown") return void 0;
    if (mapping.kind === "identity") return baseLine;
    const hunks = this.#hunks;
    let low = 0;
    let high = hunks.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = low + high >>> 1;
      if (hunks[middle].hunk.baseStart <= baseLine) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return baseLine;
    const indexed = hunks[found];
    if (baseLine >= indexed.baseEnd) return baseLine + indexed.headEnd - indexed.baseEnd;
    const head = indexed.headOfBase[baseLine - indexed.hunk.baseStart] ?? 0;
    return head === 0 ? null : head;
  }
  /** True when the pull request wrote this head line (a `+` line, or any line of a created file). */
  isAddedLine(headLine) {
    const { mapping } = this.diff;
    if (mapping.kind === "created" && mapping.hunks.length === 0) return true;
    const hunks = this.#hunks;
    let low = 0;
    let high = hunks.length - 1;
    while (low <= high) {
      const middle = low + high >>> 1;
      const indexed = hunks[middle];
      if (headLine < indexed.hunk.headStart) high = middle - 1;
      else if (headLine >= indexed.headEnd) low = middle + 1;
      else return indexed.addedAtHead[headLine - indexed.hunk.headStart] === 1;
    }
    return mapping.kind === "created";
  }
  /** The hunks of the patch, in order; empty when there was none. */
  get hunks() {
    return this.#hunks.map((indexed) => indexed.hunk);
  }
};
function indexHunk(hunk) {
  const headOfBase = new Int32Array(hunk.baseCount);
  const addedAtHead = new Uint8Array(hunk.headCount);
  for (const line of hunk.lines) {
    if (line.kind === "context" && line.baseLine !== null && line.headLine !== null)
      headOfBase[line.baseLine - hunk.baseStart] = line.headLine;
    else if (line.kind === "added" && line.headLine !== null) addedAtHead[line.headLine - hunk.headStart] = 1;
  }
  return {
    hunk,
    baseEnd: hunk.baseStart + hunk.baseCount,
    headEnd: hunk.headStart + hunk.headCount,
    headOfBase,
    addedAtHead
  };
}
var PullRequestDiff = class _PullRequestDiff {
  files;
  complete;
  /** Why nothing is known of any file's lines, when there was no files list at all. */
  unavailable;
  #byBase = /* @__PURE__ */ new Map();
  #byHead = /* @__PURE__ */ new Map();
  #unlisted = /* @__PURE__ */ new Map();
  constructor(files, complete, unavailable) {
    this.files = files;
    this.complete = complete;
    this.unavailable = unavailable;
    for (const file of files) {
      const lines = new FileLines(file);
      if (file.basePath !== null && !this.#byBase.has(file.basePath)) this.#byBase.set(file.basePath, lines);
      if (file.headPath !== null && !this.#byHead.has(file.headPath)) this.#byHead.set(file.headPath, lines);
    }
  }
  /** Reads GitHub's files list. Entries that are not well formed are left out, and the list is then incomplete. */
  static fromFiles(files, options = {}) {
    const diffs = [];
    let complete = options.complete ?? true;
    for (const entry of files) {
      const diff = fileDiffOf(entry);
      if (diff) diffs.push(diff);
      else complete = false;
    }
    return new _PullRequestDiff(diffs, complete, void 0);
  }
  /** No files list (the token cannot read it): every file's lines are unknown. */
  static unavailable(reason) {
    return new _PullRequestDiff([], false, reason);
  }
  /** The lines of the base file at `basePath`: where they went in the head commit. */
  base(basePath) {
    return this.#byBase.get(basePath) ?? this.#unlistedFile(basePath);
  }
  /** The lines of the head file at `headPath`: which of them the pull request wrote. */
  head(headPath) {
    return this.#byHead.get(headPath) ?? this.#unlistedFile(headPath);
  }
  #unlistedFile(path) {
    let lines = this.#unlisted.get(path);
    if (!lines) {
      const reason = this.unavailable ?? "the files list of the pull request is incomplete and does not list it";
      lines = new FileLines({
        headPath: path,
        basePath: path,
        status: "unlisted",
        mapping: this.complete ? { kind: "identity" } : { kind: "unknown", reason }
      });
      this.#unlisted.set(path, lines);
    }
    return lines;
  }
};
function fileDiffOf(entry) {
  if (typeof entry !== "object" || entry === null) return void 0;
  const file = entry;
  if (typeof file.filename !== "string" || file.filename === "") return void 0;
  const status = typeof file.status === "string" ? file.status : "modified";
  const patch = typeof file.patch === "string" && file.patch !== "" ? file.patch : void 0;
  const previous = typeof file.previous_filename === "string" && file.previous_filename !== "" ? file.previous_filename : void 0;
  const changes = typeof file.changes === "number" ? file.changes : void 0;
  const path = file.filename;
  if (status === "removed") return { headPath: null, basePath: path, status, mapping: { kind: "identity" } };
  if (status === "added" || status === "copied") {
    const hunks = patch === void 0 ? [] : readHunks(patch);
    return {
      headPath: path,
      basePath: null,
      status,
      mapping: { kind: "created", hunks: Array.isArray(hunks) ? hunks : [] }
    };
  }
  const basePath = status === "renamed" && previous !== void 0 ? previous : path;
  let mapping;
  if (patch !== void 0) {
    const hunks = readHunks(patch);
    mapping = Array.isArray(hunks) ? { kind: "hunks", hunks } : { kind: "unknown", reason: hunks };
  } else if (status === "unchanged" || changes === 0 || status === "renamed" && changes === void 0) {
    mapping = { kind: "identity" };
  } else {
    mapping = { kind: "unknown", reason: "GitHub sent no patch for it (binary, or too large to show)" };
  }
  return { headPath: path, basePath, status, mapping };
}
function readHunks(patch) {
  let parsed;
  try {
    parsed = parsePatch(patch);
  } catch (error) {
    return `its patch cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const [only, ...others] = parsed;
  if (!only || others.length > 0 || only.oldFileName !== void 0 || only.newFileName !== void 0)
    return "its patch is not the hunks of one file";
  if (only.hunks.length === 0) return "its patch has no hunks";
  const hunks = [];
  let offset = 0;
  let previousBaseEnd = 1;
  for (const raw of only.hunks) {
    const { oldStart, oldLines, newStart, newLines } = raw;
    if (![oldStart, oldLines, newStart, newLines].every((n) => Number.isSafeInteger(n) && n >= 0))
      return "its patch has a hunk header without line numbers";
    if (oldStart < previousBaseEnd || newStart - oldStart !== offset)
      return "its hunks overlap or disagree on line numbers";
    hunks.push(hunkOf(oldStart, oldLines, newStart, newLines, raw.lines));
    previousBaseEnd = oldStart + oldLines;
    offset = newStart + newLines - previousBaseEnd;
  }
  return hunks;
}
function hunkOf(baseStart, baseCount, headStart, headCount, rawLines) {
  const lines = [];
  let base = baseStart;
  let head = headStart;
  for (const raw of rawLines) {
    const marker = raw[0];
    if (marker === "\\") {
      const last = lines.at(-1);
      if (last) last.noNewlineAtEnd = true;
      continue;
    }
    const text2 = raw.slice(1);
    if (marker === "+")
      lines.push({ kind: "added", baseLine: null, headLine: head++, text: text2, noNewlineAtEnd: false });
    else if (marker === "-")
      lines.push({ kind: "removed", baseLine: base++, headLine: null, text: text2, noNewlineAtEnd: false });
    else lines.push({ kind: "context", baseLine: base++, headLine: head++, text: text2, noNewlineAtEnd: false });
  }
  return { baseStart, baseCount, headStart, headCount, lines };
}

// src/action/pull-request-change.ts
var MAX_PULL_REQUEST_FILES = 3e3;
var MAX_COMPARED_FILES = 300;
function pullRequestChange(pullRequest, github, log) {
  if (pullRequest.mergeGroup) return mergeGroupChange(pullRequest, github);
  return {
    headSha: pullRequest.headSha,
    baselineCommit: (signal) => findBaselineCommit(pullRequest, github, log, signal),
    diff: (signal) => readDiff(pullRequest, github, signal)
  };
}
function mergeGroupChange(group, github) {
  const base = group.baseSha;
  return {
    headSha: group.headSha,
    baselineCommit: () => Promise.resolve(base ? { sha: base, source: "the merge group's base commit" } : void 0),
    diff: async (signal) => {
      if (!github || !base) return PullRequestDiff.unavailable("no GitHub token to compare the merge group");
      try {
        const response = await github.client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
          owner: github.environment.owner,
          repo: github.environment.repo,
          basehead: `${base}...${group.headSha}`
        });
        const files = response.data.files;
        const list = Array.isArray(files) ? files : [];
        return PullRequestDiff.fromFiles(list, { complete: list.length < MAX_COMPARED_FILES });
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        signal.throwIfAborted();
        const advice = error.refused ? " (the token needs `contents: read`)" : "";
        return PullRequestDiff.unavailable(
          `the merge group's comparison could not be read: ${error.message}${advice}`
        );
      }
    }
  };
}
async function findBaselineCommit(pullRequest, github, log, signal) {
  const base = pullRequest.baseSha;
  if (!base) return void 0;
  if (github) {
    try {
      const response = await github.client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
        owner: github.environment.owner,
        repo: github.environment.repo,
        basehead: `${base}...${pullRequest.headSha}`,
        per_page: 1
      });
      const sha = response.data.merge_base_commit?.sha;
      if (typeof sha === "string" && sha !== "")
        return { sha, source: "the merge base, from GitHub's compare API" };
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      signal.throwIfAborted();
      log.info(`Could not read the merge base (${error.message}); comparing with the pull request's base.`);
    }
  }
  return { sha: base, source: "the pull request's base commit" };
}
async function readDiff(pullRequest, github, signal) {
  const number = pullRequest.number;
  if (!github || number === void 0)
    return PullRequestDiff.unavailable("no GitHub token to read the pull request");
  try {
    const files = await github.client.listAll(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/files",
      { owner: github.environment.owner, repo: github.environment.repo, pull_number: number }
    );
    return PullRequestDiff.fromFiles(files, { complete: files.length < MAX_PULL_REQUEST_FILES });
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    signal.throwIfAborted();
    const advice = error.refused ? " (the token needs `pull-requests: read`)" : "";
    return PullRequestDiff.unavailable(
      `the pull request's files could not be read: ${error.message}${advice}`
    );
  }
}

// src/action/read-plan.ts
function readPlanOf(reporters) {
  const everyFinding = reporters.some(
    ({ runNeeds }) => runNeeds.includes("every finding at or above the floor")
  );
  const need = reporters.reduce(
    (largest, { reporter }) => ({
      rows: Math.max(largest.rows, reporter.needs?.rows ?? 0),
      perSeverity: Math.max(largest.perSeverity, reporter.needs?.perSeverity ?? 0),
      wholePages: everyFinding,
      fixes: Math.max(largest.fixes, reporter.needs?.fixes ?? 0)
    }),
    { rows: 0, perSeverity: 0, wholePages: everyFinding, fixes: 0 }
  );
  return Object.freeze({ need: Object.freeze(need), everyFinding });
}
function planAfterStart(reporters, standIns) {
  return readPlanOf(
    reporters.map((planned) => ({
      ...planned,
      reporter: standIns.get(planned.reporter) ?? planned.reporter
    }))
  );
}

// src/github/token-account.ts
var VIEWER_QUERY = `query Viewer {
  viewer { login databaseId }
}`;
var GITHUB_COM_WORKFLOW_ACCOUNT = {
  known: true,
  id: 41898282,
  login: "github-actions[bot]"
};
var GITHUB_COM = "https://github.com";
var TokenAccount = class {
  #client;
  #origin;
  #reading;
  constructor(client, origin) {
    this.#client = client;
    this.#origin = origin;
  }
  identity() {
    this.#reading ??= readViewer(this.#client).then(
      (identity) => identity.known ? identity : withoutViewer(this.#origin, identity.reason)
    );
    return this.#reading;
  }
};
function withoutViewer(origin, reason) {
  const unnamed = `GitHub did not name the token's account (${reason})`;
  if (!origin.isWorkflowToken) return { known: false, reason: unnamed };
  if (origin.serverUrl.replace(/\/+$/, "").toLowerCase() === GITHUB_COM) return GITHUB_COM_WORKFLOW_ACCOUNT;
  return {
    known: false,
    reason: `${unnamed}, and the workflow token's account id is known in advance only on github.com, not on ${origin.serverUrl}`
  };
}
function isTokenAccount(identity, accountId) {
  return identity.known && typeof accountId === "number" && accountId === identity.id;
}
async function readViewer(client) {
  try {
    const data = await client.graphql(
      VIEWER_QUERY,
      {}
    );
    const id = accountIdOf(data.viewer?.databaseId);
    const login = data.viewer?.login;
    return id !== void 0 ? { known: true, id, login: typeof login === "string" ? login : `account ${id}` } : { known: false, reason: "GitHub named no account id for the token" };
  } catch (error) {
    return { known: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
function accountIdOf(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : void 0;
}

// src/run/spill-file.ts
import { mkdtemp, open, rm } from "node:fs/promises";
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
      return { directory, handle: await open(join(directory, "pages.json"), "w+", 384) };
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
  if (params.scan_id === void 0 || params.severity === void 0) return void 0;
  return `${params.scan_id}
${params.severity}
${params.offset ?? 0}`;
}

// src/report/check-run/check-run-output.ts
var CHECK_RUN_LIMITS = {
  /** `output.annotations` per create or update request; more is a 422. */
  annotationsPerRequest: 50,
  /** `output.summary` and `output.text`, each: "Only 65535 characters are allowed". */
  outputCharacters: 65535,
  titleCharacters: 255,
  /** GitHub takes 64 KB; a finding's message needs far less. */
  messageCharacters: 4096,
  rawDetailsCharacters: 1024
};
function checkAnnotationLevel(severity) {
  switch (severity) {
    case "critical":
    case "high":
      return "failure";
    case "medium":
      return "warning";
    case "low":
    case "info":
      return "notice";
  }
}
function renderCheckRunOutput(report, options) {
  const results = report.results;
  const title = truncate(titleOf(report), CHECK_RUN_LIMITS.titleCharacters);
  if (results === void 0) {
    return {
      title,
      summary: budget(escapeMarkdownInline(report.reason)),
      text: "",
      annotations: [],
      annotatedFindings: 0,
      suppressedNotices: 0,
      notAnnotated: 0
    };
  }
  const placed = placeAnnotations(results, report.policy, options.maxAnnotations);
  const notAnnotated = results.reportedTotal - placed.annotatedFindings;
  return {
    title,
    summary: budget(summaryLines(report, results, placed, options.runUrl).join("\n")),
    text: unplacedText(
      placed.unplaced,
      notAnnotated,
      options.links,
      restWhere(report, results, options.runUrl)
    ),
    annotations: placed.annotations,
    annotatedFindings: placed.annotatedFindings,
    suppressedNotices: placed.suppressedNotices,
    notAnnotated
  };
}
function placeAnnotations(results, policy, maxAnnotations) {
  const annotations = [];
  const unplaced = [];
  for (const finding of results.findings) {
    const annotation = annotations.length < maxAnnotations ? annotationOf(finding) : void 0;
    if (annotation) annotations.push(annotation);
    else unplaced.push(finding);
  }
  const annotatedFindings = annotations.length;
  for (const finding of policy?.suppressed ?? []) {
    if (annotations.length >= maxAnnotations) break;
    const annotation = suppressedAnnotationOf(finding);
    if (annotation) annotations.push(annotation);
  }
  return {
    annotations,
    annotatedFindings,
    suppressedNotices: annotations.length - annotatedFindings,
    unplaced
  };
}
function summaryLines(report, results, placed, runUrl) {
  const counts = SEVERITIES.map((s) => `${results.counts[s]} ${s}`).join(" \xB7 ");
  const lines = [
    `**${escapeMarkdownInline(report.reason)}**`,
    "",
    `${withNotCounted(counts, report.policy)} \xB7 risk score ${results.riskScore ?? "n/a"}`
  ];
  const scan = report.scan;
  if (scan) {
    lines.push(
      "",
      `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}.`
    );
  }
  lines.push("", annotatedSentence(results.reportedTotal, placed, report.policy?.suppressedCount ?? 0));
  for (const note of report.notes) lines.push("", `> ${escapeMarkdownInline(note)}`);
  if (runUrl) lines.push("", `[Job summary](${runUrl})`);
  return lines;
}
function annotatedSentence(reportedTotal, placed, suppressedTotal) {
  const notAnnotated = reportedTotal - placed.annotatedFindings;
  let sentence = `${placed.annotatedFindings} of ${reportedTotal} reported findings are annotated on their lines` + (notAnnotated > 0 ? `; the other ${notAnnotated} are listed below or in the job summary.` : ".");
  const notices = placed.suppressedNotices;
  if (notices > 0)
    sentence += ` ${counted(notices, noun("suppressed finding"))} ${notices === 1 ? "is" : "are"} shown as ${notices === 1 ? "a notice" : "notices"}.`;
  const unshown = suppressedTotal - notices;
  if (unshown > 0)
    sentence += ` ${counted(unshown, noun(notices > 0 ? "more suppressed finding" : "suppressed finding"))} ${unshown === 1 ? "is" : "are"} not annotated (\`max-annotations\`): the job summary lists them.`;
  return sentence;
}
function titleOf(report) {
  const results = report.results;
  const fresh = results?.comparison ? "new " : "";
  const failing = results?.comparison ? results.comparison.counts.newFailing : results?.verdict.failingFindings;
  switch (report.outcome) {
    case "passed":
      return results ? `Passed: ${failing} ${fresh}failing, ${results.reportedTotal} reported` : "Passed";
    case "failed":
      return results ? `Failed: ${counted(failing ?? 0, noun(`${fresh}finding`))} at or above fail-on` : "Failed";
    case "skipped":
      return "Skipped: no file in scope changed";
    case "error":
      return "The scan could not be completed";
    case "cancelled":
      return "Cancelled";
  }
}
function checkRunLogLine(checkName, output, url) {
  const notices = output.suppressedNotices > 0 ? `, and ${counted(output.suppressedNotices, noun("suppressed finding"))} as ${output.suppressedNotices === 1 ? "a notice" : "notices"}` : "";
  const notAnnotated = output.notAnnotated > 0 ? `; ${output.notAnnotated} not annotated (listed in its text)` : "";
  return `Check run ${checkName}: ${counted(output.annotatedFindings, FINDING)} annotated${notices}${notAnnotated}. ${url}`;
}
function annotationOf(finding) {
  const path = finding.filePath.replace(/^\.\//, "");
  if (path === "" || path.length > 4096 || !(Number.isInteger(finding.line) && finding.line > 0))
    return void 0;
  const details = findingDetails(finding);
  return {
    path,
    start_line: finding.line,
    end_line: finding.line,
    annotation_level: checkAnnotationLevel(finding.severity),
    title: truncate(
      plain(`${finding.severity.toUpperCase()}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters
    ),
    message: truncate(plain(finding.title), CHECK_RUN_LIMITS.messageCharacters),
    raw_details: truncate(details.join("\n"), CHECK_RUN_LIMITS.rawDetailsCharacters)
  };
}
function suppressedAnnotationOf(finding) {
  const annotation = annotationOf(finding);
  if (annotation === void 0) return void 0;
  return {
    ...annotation,
    annotation_level: "notice",
    title: truncate(
      plain(`SUPPRESSED ${finding.severity}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters
    ),
    message: truncate(
      plain(`Suppressed by the policy's ${finding.suppression}: ${finding.reason}`),
      CHECK_RUN_LIMITS.messageCharacters
    )
  };
}
function plain(text2) {
  return text2.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => c === "\n" || c === "	" ? " " : "\uFFFD");
}
function unplacedText(unplaced, notAnnotated, links, restWhere2) {
  if (notAnnotated === 0) return "";
  const heading2 = `### ${notAnnotated} reported ${notAnnotated === 1 ? "finding" : "findings"} without an annotation
`;
  const lines = [heading2];
  let length = heading2.length;
  let listed = 0;
  const tail = (left) => `
${leftOutLines(left, noun("reported finding"), restWhere2).join("\n")}`;
  for (const finding of unplaced) {
    const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
    const code = location ? markdownCode(truncate(location, 240)) : "_no location_";
    const url = fileLink(links, finding);
    const line = `- **${finding.severity}** ${escapeMarkdownInline(truncate(finding.title, 200))} \u2014 ${url ? markdownCodeLink(code, url) : code}
`;
    if (length + line.length + tail(notAnnotated).length > CHECK_RUN_LIMITS.outputCharacters) break;
    lines.push(line);
    length += line.length;
    listed += 1;
  }
  if (notAnnotated > listed) lines.push(tail(notAnnotated - listed));
  return lines.join("");
}
function restWhere(report, results, runUrl) {
  const summary = ELSEWHERE.jobSummary(runUrl);
  if (!report.scan) return summary;
  return `${summary}; ${restOfScan(report.scan.id, results.counts, report.policy, "markdown")}`;
}
function budget(text2) {
  return truncate(text2, CHECK_RUN_LIMITS.outputCharacters);
}

// src/report/check-run/check-run-reporter.ts
var CHECK_RUN_PERMISSIONS = {
  feature: "the check run and its annotations",
  needs: [{ scope: "checks", access: "write" }]
};
var checkRunDescriptor = describeReporter({
  ...CHECK_RUN_INPUTS,
  stage: "sink",
  outputs: {
    "check-run-id": "Id of the check run created (empty when none).",
    "check-run-url": "Address of the check run created (empty when none)."
  },
  needs: ["github", "findings shown"],
  permissions: [CHECK_RUN_PERMISSIONS],
  create: ({ maxAnnotations }, run) => {
    if (run.settings.annotations !== "check-run") return void 0;
    if (run.github)
      return new CheckRunReporter(
        run.github,
        { checkName: run.settings.checkName, maxAnnotations },
        workflowAnnotationsReporter
      );
    run.logger.info(
      "No github-token, or no repository and commit in the environment: annotating with workflow commands (GitHub shows 10 of each level) instead of a check run."
    );
    return workflowAnnotationsReporter;
  }
});
var CheckRunReporter = class {
  name = "check run";
  needs;
  #github;
  #checkName;
  #maxAnnotations;
  #fallback;
  #checkRun;
  #refused = false;
  constructor(github, options, fallback) {
    this.#github = github;
    this.#checkName = options.checkName;
    this.#maxAnnotations = options.maxAnnotations;
    this.#fallback = fallback;
    this.needs = { rows: options.maxAnnotations, perSeverity: 0 };
  }
  /**
   * Once refused at the scan's start (no `checks: write`, GitHub out of reach), the workflow-command annotations
   * stand in: it says so, and the findings are read for them, not for max-annotations no check run will take.
   */
  async start(scan, context) {
    await this.#guard(context, async () => {
      this.#checkRun = await this.#create({
        status: "in_progress",
        started_at: (/* @__PURE__ */ new Date()).toISOString(),
        external_id: scan.id,
        output: {
          title: "Scanning",
          summary: `Scan \`${scan.id}\` is running.`
        }
      });
    });
    return this.#refused ? this.#fallback : void 0;
  }
  async finish(report, context) {
    let delivered2;
    if (!this.#refused) {
      await this.#guard(context, async () => {
        delivered2 = await this.#complete(report, context);
      });
    }
    return this.#refused ? this.#fallback.finish(report, context) : delivered2;
  }
  async #complete(report, context) {
    const output = renderCheckRunOutput(report, {
      maxAnnotations: this.#maxAnnotations,
      links: context.links,
      runUrl: context.runUrl
    });
    const batches = chunk(output.annotations, CHECK_RUN_LIMITS.annotationsPerRequest);
    const last = batches.pop() ?? [];
    this.#checkRun ??= await this.#create({ status: "in_progress", output: outputWith(output, []) });
    for (const batch of batches) await this.#update({ output: outputWith(output, batch) });
    await this.#update({
      status: "completed",
      conclusion: conclusionOf(report),
      completed_at: (/* @__PURE__ */ new Date()).toISOString(),
      output: outputWith(output, last)
    });
    const url = this.#checkRun.html_url ?? "";
    if (output.annotations.length > 0 || url) context.log.info(checkRunLogLine(this.#checkName, output, url));
    return {
      delivered: [
        delivered(CHECK_RUN_DELIVERED, { id: this.#checkRun.id, url }),
        delivered(ANNOTATIONS_DELIVERED, {
          sink: "check run",
          shown: output.annotatedFindings,
          notShown: output.notAnnotated
        })
      ],
      outputs: { "check-run-id": String(this.#checkRun.id), "check-run-url": url }
    };
  }
  async #create(fields) {
    const { client, environment } = this.#github;
    const response = await client.request("POST /repos/{owner}/{repo}/check-runs", {
      owner: environment.owner,
      repo: environment.repo,
      name: this.#checkName,
      head_sha: environment.sha,
      ...environment.runUrl ? { details_url: environment.runUrl } : {},
      ...fields
    });
    return response.data;
  }
  async #update(fields) {
    const { client, environment } = this.#github;
    await client.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      owner: environment.owner,
      repo: environment.repo,
      check_run_id: this.#checkRun?.id ?? 0,
      ...fields
    });
  }
  /**
   * Any failure turns this reporter off, so the findings are still annotated, by workflow commands: a refusal
   * with one line naming the permission to add, any other failure (GitHub down) with its reason.
   */
  async #guard(context, work) {
    try {
      await work();
    } catch (error) {
      this.#refused = true;
      const instead = "Annotating with workflow commands instead, which GitHub shows 10 of each level.";
      const message = error instanceof GitHubError && error.refused ? `The token may not create check runs (${error.status}): ${permissionsAdvice(CHECK_RUN_PERMISSIONS, context)}. ${instead}` : `Could not write the check run: ${error instanceof Error ? error.message : String(error)}. ${instead}`;
      context.log.info(message);
    }
  }
};
function outputWith(output, annotations) {
  return {
    title: output.title,
    summary: output.summary,
    ...output.text ? { text: output.text } : {},
    ...annotations.length > 0 ? { annotations } : {}
  };
}
function conclusionOf(report) {
  switch (report.outcome) {
    case "passed": {
      const results = report.results;
      const found = results ? SEVERITIES.some((s) => results.counts[s] > 0) : false;
      return results?.failOn === "none" && found ? "neutral" : "success";
    }
    case "skipped":
      return "skipped";
    case "failed":
    case "error":
      return "failure";
    case "cancelled":
      return "cancelled";
  }
}
function chunk(items, size) {
  const chunks = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

// src/code-scanning/sarif-upload.ts
var PROCESSING_POLL_MS = 5e3;
function encodeSarif(sarif) {
  const { gzipSync } = process.getBuiltinModule("node:zlib");
  return gzipSync(Buffer.from(sarif, "utf8")).toString("base64");
}
async function uploadSarif(client, target, sarif) {
  const response = await client.request("POST /repos/{owner}/{repo}/code-scanning/sarifs", {
    owner: target.owner,
    repo: target.repo,
    commit_sha: target.commitSha,
    ref: target.ref,
    sarif: encodeSarif(sarif)
  });
  const id = response.data.id;
  if (typeof id !== "string" || id === "") throw new Error("GitHub accepted the upload but gave no id");
  return id;
}
async function readProcessing(client, target, id) {
  const response = await client.request("GET /repos/{owner}/{repo}/code-scanning/sarifs/{sarif_id}", {
    owner: target.owner,
    repo: target.repo,
    sarif_id: id
  });
  const data = response.data;
  const status = data.processing_status;
  return {
    status: status === "complete" || status === "failed" ? status : "pending",
    errors: Array.isArray(data.errors) ? data.errors.filter((e) => typeof e === "string") : [],
    analysesUrl: typeof data.analyses_url === "string" ? data.analyses_url : void 0
  };
}
async function waitForProcessing(client, target, id, options) {
  let last = { status: "pending", errors: [], analysesUrl: void 0 };
  try {
    for (; ; ) {
      last = await readProcessing(client, target, id);
      if (last.status !== "pending") return last;
      await options.sleep(options.pollMs ?? PROCESSING_POLL_MS, options.signal);
    }
  } catch (error) {
    if (options.signal.aborted) return last;
    throw error;
  }
}

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

// src/sarif/sarif-location.ts
function sarifPlaceOf(finding, scrub) {
  const title = cleanText(finding.title, TEXT_BUDGETS.message, scrub);
  const uri = repositoryRelativeUri(scrub(finding.filePath));
  return {
    ruleId: ruleIdFor(parseCwe(finding.cwe), normaliseTitle(title)),
    path: uri === void 0 || finding.filePath.includes("\\") ? void 0 : decodeURIComponent(uri),
    line: finding.line
  };
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

// src/domain/partial-scan.ts
function partialScanReason(scan) {
  const incomplete = scan.modules.filter((module) => !isModuleComplete(module.status)).map((module) => `${module.name} (${module.status})`);
  if (incomplete.length === 0) return void 0;
  const named = incomplete.join(", ");
  const one = incomplete.length === 1;
  return `${one ? "Module" : "Modules"} ${named} did not complete and ${one ? "its" : "their"} findings are missing from the scan`;
}

// src/code-scanning/sarif-run.ts
var SARIF_TOOL_NAME = "svc-scan";
var FULL_COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
var SarifRun = class {
  #source;
  #built;
  constructor(source) {
    this.#source = source;
  }
  /** The run of this report, built once. */
  of(report, context) {
    if (this.#built?.report !== report) this.#built = { report, outcome: this.#build(report, context) };
    return this.#built.outcome;
  }
  async #build(report, context) {
    const { results, scan } = report;
    if (results === void 0 || scan === void 0) return { kind: "none" };
    const partial = partialScanReason(scan);
    if (partial) return { kind: "partial", reason: partial };
    const { findings, signal, maxResults } = this.#source;
    const stream = streamScanFindings(findings, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: this.#source.pageSize,
      signal,
      limit: maxResults
    });
    const places = [];
    const scrub = (text2) => context.toolkit.scrub(text2);
    const chunks = [];
    try {
      const summary = await writeSarif(
        throughPolicy(
          stream.findings,
          this.#source.filter,
          (finding, suppression) => places.push({
            place: sarifPlaceOf({ ...finding, filePath: finding.file_path }, scrub),
            suppressedBy: suppression && suppression.entry >= 0 ? suppression : void 0
          })
        ),
        sarifRunMetadata(report, context, this.#source),
        {
          limits: { ...GITHUB_SARIF_LIMITS, maxResults },
          severityFloor: results.reportFloor,
          scrub,
          notRead: stream.notRead
        },
        { write: (chunk2) => Promise.resolve(void chunks.push(chunk2)) }
      );
      const leftOut = summary.leftOutForResultLimit + summary.leftOutForSizeLimit;
      return { kind: "built", log: chunks.join(""), summary, leftOut, findings: places };
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      return { kind: "unread", error: cause, aborted: signal.aborted };
    }
  }
};
var SARIF_RUNS = /* @__PURE__ */ new WeakMap();
function sarifRunOf(run) {
  let sarif = SARIF_RUNS.get(run);
  if (sarif === void 0) {
    sarif = new SarifRun({
      findings: run.findings,
      pageSize: run.settings.pageSize,
      maxResults: run.settings.sarifMaxResults,
      category: sarifCategoryOf(run.settings),
      serverUrl: run.environment.serverUrl,
      signal: run.signal,
      filter: run.policyFilter
    });
    SARIF_RUNS.set(run, sarif);
  }
  return sarif;
}
function sarifRunMetadata(report, context, target) {
  const scan = report.scan;
  const repository = scan?.repository ?? "";
  const commitSha = context.links?.sha ?? (FULL_COMMIT_SHA.test(scan?.ref ?? "") ? scan?.ref ?? "" : "");
  return {
    toolName: SARIF_TOOL_NAME,
    toolVersion: CLIENT_VERSION,
    informationUri: ACTION_INFORMATION_URI,
    category: target.category,
    repository,
    commitSha,
    repositoryUrl: repository ? `${target.serverUrl}/${repository}` : void 0,
    scanId: scan?.id
  };
}

// src/code-scanning/sarif-file-reporter.ts
var sarifFileDescriptor = describeReporter({
  ...SARIF_FILE_INPUTS,
  stage: "sink",
  outputs: { "sarif-file": "Absolute path of the SARIF file written (empty when none)." },
  needs: ["every finding at or above the floor"],
  create: ({ sarifFile }, run) => sarifFile === void 0 ? void 0 : new SarifFileReporter(sarifFile, sarifRunOf(run))
});
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

// src/code-scanning/code-scanning-triage.ts
var TRIAGE_PERMISSIONS = {
  feature: "`code-scanning-triage`",
  needs: [
    { scope: "security-events", access: "read", for: "to honour dismissals" },
    { scope: "security-events", access: "write", for: "to dismiss and reopen" }
  ]
};
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
var UPLOAD_PERMISSIONS = {
  feature: "`upload-sarif`",
  needs: [
    { scope: "security-events", access: "write" },
    { scope: "actions", access: "read", only: "on private repositories" }
  ],
  besides: ["GitHub Advanced Security on private repositories"]
};
var codeScanningUploadDescriptor = describeReporter({
  ...CODE_SCANNING_UPLOAD_INPUTS,
  stage: "sink",
  outputs: {
    "sarif-id": "Id of the SARIF upload to code scanning (empty when nothing was uploaded).",
    "analysis-url": "GitHub's address of the code scanning analyses the upload made (empty unless processing completed)."
  },
  needs: ["github", "every finding at or above the floor"],
  permissions: [UPLOAD_PERMISSIONS],
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
      triage: own.codeScanningTriage ?? own.uploadSarif,
      pollMs: run.settings.pollIntervalSeconds * 1e3
    });
  },
  // code-scanning-triage: the alerts a person dismissed take their findings out of the gate.
  beforeVerdict: {
    permissions: TRIAGE_PERMISSIONS,
    plan: (own, run) => {
      const github = run.github;
      if (!(own.codeScanningTriage ?? own.uploadSarif) || github === void 0) return void 0;
      const triage = { category: sarifCategoryOf(run.settings), notWorkflowHead: run.notWorkflowHead };
      return (policy) => withDismissedAlerts(policy, github, triage, { log: run.logger, toolkit: run.toolkit });
    }
  }
});
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

// src/fix-suggestions/fix-suggestion.ts
function placeFix(unifiedDiff, path, lines) {
  const parsed = hunksOfFix(unifiedDiff);
  if (typeof parsed === "string") return { ok: false, reason: parsed };
  if (parsed.length !== 1) return { ok: false, reason: "the fix has several hunks" };
  const hunk = parsed[0];
  const changed = hunk.lines.filter((line) => line.kind !== "context");
  const first = hunk.lines.findIndex((line) => line.kind !== "context");
  const last = hunk.lines.length - 1 - [...hunk.lines].reverse().findIndex((line) => line.kind !== "context");
  if (first < 0) return { ok: false, reason: "the fix changes nothing" };
  if (hunk.lines.slice(first, last + 1).some((line) => line.kind === "context"))
    return { ok: false, reason: "the lines the fix removes do not form one run" };
  const removed = changed.filter((line) => line.kind === "removed");
  if (removed.length === 0)
    return { ok: false, reason: "the fix only inserts lines, and a suggestion replaces lines" };
  const start = removed[0]?.baseLine ?? 0;
  const end = removed.at(-1)?.baseLine ?? 0;
  if (lines === void 0 || lines.coarse)
    return { ok: false, reason: `the pull request's diff of ${path} is not available` };
  const prHunk = lines.hunks.find(
    (candidate) => start >= candidate.headStart && end < candidate.headStart + candidate.headCount
  );
  if (!prHunk) return { ok: false, reason: "the lines it changes are outside the pull request's diff" };
  const headText = /* @__PURE__ */ new Map();
  for (const line of prHunk.lines) if (line.headLine !== null) headText.set(line.headLine, line.text);
  for (const line of hunk.lines) {
    if (line.kind === "added" || line.baseLine === null) continue;
    const shown = headText.get(line.baseLine);
    if (shown === void 0)
      return { ok: false, reason: "the fix's context reaches outside the pull request's diff" };
    if (shown !== line.text)
      return {
        ok: false,
        reason: `line ${line.baseLine} of the pull request differs from what the fix expects`
      };
  }
  return {
    ok: true,
    suggestion: {
      path,
      startLine: end > start ? start : void 0,
      line: end,
      replacement: changed.filter((line) => line.kind === "added").map((line) => line.text)
    }
  };
}
function hunksOfFix(unifiedDiff) {
  const text2 = unifiedDiff.replace(/\n$/, "");
  const lines = text2.split("\n");
  const headerFiles = lines.filter((line) => line.startsWith("+++ ")).length;
  if (lines.some((line) => line.startsWith("diff --git")) && headerFiles > 1)
    return "the fix changes several files";
  if (headerFiles > 1) return "the fix changes several files";
  const firstHunk = lines.findIndex((line) => line.startsWith("@@"));
  if (firstHunk < 0) return "the fix has no hunk";
  const hunks = readHunks(lines.slice(firstHunk).join("\n"));
  return typeof hunks === "string" ? `the fix cannot be read: ${hunks}` : hunks;
}
function fenceFor(text2) {
  const longest = Math.max(0, ...Array.from(text2.matchAll(/`+/g), (match) => match[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
var SUGGESTION_MARKER_START = "<!-- svc-scan-action:suggestion:";
function suggestionMarker(identityKey2) {
  return `${SUGGESTION_MARKER_START}${identityKey2} -->`;
}
function suggestionBody(finding, identityKey2, replacement) {
  const content = replacement.join("\n");
  const fence = fenceFor(content);
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : "";
  return [
    suggestionMarker(identityKey2),
    `**Suggested fix** for ${finding.severity} ${escapeMarkdownInline(truncate(finding.title, 200))}${cwe}`,
    "",
    `${fence}suggestion`,
    content,
    fence
  ].join("\n");
}
var FOLDED_DIFF_MAX = 4e3;
function foldedFix(finding, unifiedDiff, reason) {
  const diff = truncate(unifiedDiff.replace(/\r?\n$/, ""), FOLDED_DIFF_MAX);
  const fence = fenceFor(diff);
  return [
    `<details><summary>Fix for ${escapeMarkdownInline(truncate(finding.title, 200))}: ${escapeMarkdownInline(reason)}</summary>`,
    "",
    `${fence}diff`,
    diff,
    fence,
    "",
    "</details>"
  ].join("\n");
}

// src/fix-suggestions/fix-suggestions-reporter.ts
var UNKNOWN_ACCOUNT = "the token's account could not be read, so the suggestions posted before cannot be told from another's";
function reviewComments(targets, diff, postedBodies, folded) {
  const comments = [];
  for (const target of targets) {
    const placement = placeFix(target.diff, target.finding.filePath, diff.head(target.finding.filePath));
    if (!placement.ok) {
      folded.push(foldedFix(target.finding, target.diff, placement.reason));
      continue;
    }
    if (postedBodies.some((body) => body.includes(suggestionMarker(target.identity)))) continue;
    const { suggestion } = placement;
    comments.push({
      path: suggestion.path,
      line: suggestion.line,
      side: "RIGHT",
      ...suggestion.startLine === void 0 ? {} : { start_line: suggestion.startLine, start_side: "RIGHT" },
      body: suggestionBody(target.finding, target.identity, suggestion.replacement)
    });
  }
  return comments;
}
var FIX_SUGGESTIONS_PERMISSIONS = {
  feature: "fix suggestions",
  needs: [{ scope: "pull-requests", access: "write" }]
};
var fixSuggestionsDescriptor = describeReporter({
  ...FIX_SUGGESTIONS_INPUTS,
  stage: "sink",
  outputs: {},
  needs: ["github", "pull-request", "fixes of failing findings"],
  permissions: [FIX_SUGGESTIONS_PERMISSIONS],
  create: ({ suggestFixes, maxSuggestions }, { github, pullRequest }) => github && pullRequest !== void 0 && suggestFixes ? new FixSuggestionsReporter({ ...github, pullRequest }, maxSuggestions) : void 0
});
var FixSuggestionsReporter = class {
  name = "fix suggestions";
  /** The run reads the fixes of this many failing findings, after the verdict and with its fail-on. */
  needs;
  #github;
  constructor(github, maxSuggestions) {
    this.#github = github;
    this.needs = { rows: 0, perSeverity: 0, fixes: maxSuggestions };
  }
  async finish(report, context) {
    const targets = this.#targets(report);
    if (targets.length === 0) return void 0;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo, pull_number: this.#github.pullRequest };
    const folded = [];
    let posted = 0;
    try {
      const [files, existing] = await Promise.all([
        client.listAll("GET /repos/{owner}/{repo}/pulls/{pull_number}/files", where),
        client.listAll("GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", where)
      ]);
      const diff = PullRequestDiff.fromFiles(files, { complete: files.length < 3e3 });
      const bodies = await this.#ownBodies(existing, context);
      if (bodies === void 0) return this.#allFolded(targets, UNKNOWN_ACCOUNT);
      const comments = reviewComments(targets, diff, bodies, folded);
      if (comments.length > 0) {
        await client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
          ...where,
          commit_id: environment.sha,
          event: "COMMENT",
          body: `svc-scan suggests ${comments.length === 1 ? "a fix" : `${comments.length} fixes`} for findings that fail the gate.`,
          comments
        });
        posted = comments.length;
        context.log.info(`Posted ${comments.length} fix suggestions in one review.`);
      }
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not review the pull request (${error.status}): ${permissionsAdvice(FIX_SUGGESTIONS_PERMISSIONS, context)}. The fixes are shown in the summary instead.`
      );
      return this.#allFolded(targets, "the token may not post suggestions");
    }
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted, folded })] };
  }
  #allFolded(targets, reason) {
    const folded = targets.map((target) => foldedFix(target.finding, target.diff, reason));
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted: 0, folded })] };
  }
  /**
   * The bodies of the review comments the token's account wrote: another's marker never stops a suggestion.
   * Undefined, and logged, when some comment carries a marker and the account could not be read.
   */
  async #ownBodies(existing, context) {
    const marked = existing.filter((comment) => comment.body?.includes(SUGGESTION_MARKER_START));
    if (marked.length === 0) return [];
    const identity = await this.#github.account.identity();
    if (!identity.known) {
      context.log.info(
        `Could not tell which account the token acts as (${identity.reason}): no fix is suggested, they are shown folded.`
      );
      return void 0;
    }
    return marked.flatMap(
      (comment) => isTokenAccount(identity, accountIdOf(comment.user?.id)) ? [comment.body ?? ""] : []
    );
  }
  /** The fixes the run read for the findings the gate fails on, each with its finding and identity marker. */
  #targets(report) {
    const results = report.results;
    if (results === void 0) return [];
    const identities = new Map(
      findingIdentities(
        results.findings.map((f) => ({
          title: f.title,
          file_path: f.filePath,
          line: f.line,
          cwe: f.cwe ?? null
        }))
      ).map((identity, index) => [results.findings[index], identity.key])
    );
    const failing = results.comparison ? results.comparison.newFindings : results.findings;
    return (results.fixes ?? []).flatMap((fix) => {
      const finding = failing.find((candidate) => candidate.id === fix.findingId);
      return finding ? [{ finding, identity: identities.get(finding) ?? finding.id, diff: fix.diff }] : [];
    });
  }
};

// src/fix-suggestions/fixed-threads.ts
var SUGGESTION_MARKER = /<!-- svc-scan-action:suggestion:([^\s>]+) -->/;
var FIXED_REPLY_MARKER = "<!-- svc-scan-action:fixed -->";
var NOTHING_REMAINS = { kindRemains: () => false };
function planFixedThreads(threads, remaining, isOwn) {
  const actions = [];
  for (const thread of threads) {
    if (thread.isResolved) continue;
    const first = thread.comments[0];
    const key = first && isOwn(first.authorId) ? SUGGESTION_MARKER.exec(first.body)?.[1] : void 0;
    if (key === void 0 || remaining.kindRemains(key, thread.path)) continue;
    if (thread.viewerCanResolve) actions.push({ thread: thread.id, action: "resolve" });
    else if (thread.comments.some((c) => isOwn(c.authorId) && c.body.includes(FIXED_REPLY_MARKER)))
      actions.push({ thread: thread.id, action: "left" });
    else actions.push({ thread: thread.id, action: "reply" });
  }
  return actions;
}
function othersMarkedThreads(threads, isOwn) {
  return threads.filter((thread) => {
    const first = thread.comments[0];
    return !thread.isResolved && first && !isOwn(first.authorId) && SUGGESTION_MARKER.test(first.body);
  }).length;
}
var OCCURRENCE_MARGIN = 1e3;
function remainingFindings(findings) {
  const kinds = new KindNumbers();
  const countsByFile = /* @__PURE__ */ new Map();
  for (const finding of findings) {
    const kind = kinds.numberOf(finding);
    let counts = countsByFile.get(finding.file_path);
    if (!counts) countsByFile.set(finding.file_path, counts = /* @__PURE__ */ new Map());
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const keysByFile = /* @__PURE__ */ new Map();
  const keysOf = (path) => {
    let keys = keysByFile.get(path);
    if (keys) return keys;
    keys = /* @__PURE__ */ new Set();
    for (const [kind, count] of countsByFile.get(path) ?? [])
      for (let place = 0; place < count + OCCURRENCE_MARGIN; place++)
        keys.add(identityKey(kinds.kind(kind), path, place));
    keysByFile.set(path, keys);
    return keys;
  };
  return { kindRemains: (key, path) => keysOf(path).has(key) };
}
function fixedReplyBody(sha) {
  return `Fixed in \`${sha.slice(0, 7)}\`: svc-scan no longer reports this finding.

${FIXED_REPLY_MARKER}`;
}
function threadsLeftNote(left) {
  return `${left} review ${left === 1 ? "thread" : "threads"} of fixed findings ${left === 1 ? "is" : "are"} left to resolve: the workflow's GITHUB_TOKEN may reply but not resolve review threads. To let the action resolve them, pass a GitHub App token as github-token: actions/create-github-app-token, for an App with Contents and Pull requests write permissions (and Checks write, Security events write for the other features).`;
}

// src/fix-suggestions/review-threads.ts
var REVIEW_THREADS_QUERY = `query ReviewThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id
          isResolved
          viewerCanResolve
          path
          comments(first: 100) { nodes { body author { ... on Bot { databaseId } ... on User { databaseId } } } }
        }
      }
    }
  }
}`;
var RESOLVE_THREAD_MUTATION = `mutation ResolveReviewThread($threadId: ID!) {
  resolveReviewThread(input: {threadId: $threadId}) { thread { id isResolved } }
}`;
var REPLY_TO_THREAD_MUTATION = `mutation ReplyToReviewThread($threadId: ID!, $body: String!) {
  addPullRequestReviewThreadReply(input: {pullRequestReviewThreadId: $threadId, body: $body}) { comment { id } }
}`;
var MAX_THREAD_PAGES = 30;
async function listReviewThreads(client, where) {
  const threads = [];
  let after = null;
  for (let page = 0; page < MAX_THREAD_PAGES; page++) {
    const data = await client.graphql(REVIEW_THREADS_QUERY, {
      owner: where.owner,
      name: where.repo,
      number: where.pullRequest,
      after
    });
    const connection = data.repository?.pullRequest?.reviewThreads;
    if (!connection) return threads;
    for (const node of connection.nodes)
      threads.push({
        id: node.id,
        isResolved: node.isResolved,
        viewerCanResolve: node.viewerCanResolve,
        path: node.path,
        comments: node.comments.nodes.map((comment) => ({
          body: comment.body,
          authorId: accountIdOf(comment.author?.databaseId)
        }))
      });
    if (!connection.pageInfo.hasNextPage) return threads;
    after = connection.pageInfo.endCursor;
  }
  throw new Error(`more than ${MAX_THREAD_PAGES * 100} review threads; the list was not read to its end`);
}
async function resolveReviewThread(client, threadId) {
  await client.graphql(RESOLVE_THREAD_MUTATION, { threadId });
}
async function replyToReviewThread(client, threadId, body) {
  await client.graphql(REPLY_TO_THREAD_MUTATION, { threadId, body });
}

// src/fix-suggestions/fixed-threads-reporter.ts
var FIXED_THREADS_PERMISSIONS = [
  { feature: "replies on threads", needs: [{ scope: "pull-requests", access: "write" }] },
  {
    feature: "resolving fixed findings' threads",
    needs: [],
    besides: [
      "a GitHub App token (Contents and Pull requests write) or a person's token: never `GITHUB_TOKEN`"
    ]
  }
];
var fixedThreadsDescriptor = describeReporter({
  name: "fixed findings threads",
  stage: "sink",
  inputs: {},
  outputs: {},
  needs: ["github", "pull-request", "every finding at or above the floor"],
  permissions: FIXED_THREADS_PERMISSIONS,
  create: (_own, run) => run.github && run.pullRequest !== void 0 ? new FixedThreadsReporter(
    { ...run.github, pullRequest: run.pullRequest },
    { client: run.findings, signal: run.signal, pageSize: run.settings.pageSize }
  ) : void 0
});
var FixedThreadsReporter = class {
  name = "fixed findings' review threads";
  #github;
  #reading;
  constructor(github, reading) {
    this.#github = github;
    this.#reading = reading;
  }
  async finish(report, context) {
    if (report.results === void 0 || report.scan === void 0) return void 0;
    const partial = partialScanReason(report.scan);
    if (partial) {
      context.log.info(`${partial}: the review threads of fixed findings are left as they are.`);
      return void 0;
    }
    const own = await this.#ownOpenThreads(context);
    if (own === void 0) return void 0;
    const remaining = await this.#remainingFindings(report, context);
    if (remaining === void 0) return void 0;
    const counts = { resolved: 0, replied: 0, left: 0 };
    for (const step of planFixedThreads(own.threads, remaining, own.isOwn)) {
      if (step.action === "resolve" && await this.#resolve(step.thread)) {
        counts.resolved += 1;
        continue;
      }
      if (step.action !== "left" && await this.#reply(step.thread)) counts.replied += 1;
      counts.left += 1;
    }
    if (counts.resolved + counts.left === 0) return void 0;
    context.log.info(
      `Review threads of fixed findings: ${counts.resolved} resolved, ${counts.replied} replied to, ${counts.left} left to resolve.`
    );
    return counts.left > 0 ? { notes: [threadsLeftNote(counts.left)] } : void 0;
  }
  /**
   * The pull request's threads and how to tell the token's account, when one of the action's threads is open:
   * only then are the findings read again.
   */
  async #ownOpenThreads(context) {
    const { client, environment } = this.#github;
    const threads = await listReviewThreads(client, {
      owner: environment.owner,
      repo: environment.repo,
      pullRequest: this.#github.pullRequest
    }).catch((error) => {
      if (error instanceof GitHubError && error.refused) return [];
      throw error;
    });
    if (othersMarkedThreads(threads, () => false) === 0) return void 0;
    const identity = await this.#github.account.identity();
    const isOwn = (authorId) => isTokenAccount(identity, authorId);
    const others = othersMarkedThreads(threads, isOwn);
    if (!identity.known)
      context.log.info(
        `Could not tell which account the token acts as (${identity.reason}): the ${others} open review ${others === 1 ? "thread" : "threads"} carrying the action's marker ${others === 1 ? "is" : "are"} left as they are.`
      );
    else if (others > 0)
      context.log.info(
        `Review threads left to the account that started them: ${others} ${others === 1 ? "carries" : "carry"} the action's marker, started by another account than the token's (${identity.login}); only the token's own threads are answered.`
      );
    return planFixedThreads(threads, NOTHING_REMAINS, isOwn).length > 0 ? { threads, isOwn } : void 0;
  }
  /** Replies "Fixed in"; a refusal (a fork's read-only token) answers false: the thread is left as it is. */
  async #reply(thread) {
    try {
      await replyToReviewThread(this.#github.client, thread, fixedReplyBody(this.#github.environment.sha));
      return true;
    } catch (error) {
      if (error instanceof GitHubError && error.refused) return false;
      throw error;
    }
  }
  /** Resolves; a refusal (the token may not after all) answers false, so the thread gets the reply instead. */
  async #resolve(thread) {
    try {
      await resolveReviewThread(this.#github.client, thread);
      return true;
    } catch (error) {
      if (error instanceof GitHubError && error.refused) return false;
      throw error;
    }
  }
  /** Every finding the head reports at or above the floor, by file and kind, or undefined when not all were read. */
  async #remainingFindings(report, context) {
    const { results, scan } = report;
    if (results === void 0 || scan === void 0) return void 0;
    const stream = streamScanFindings(this.#reading.client, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: this.#reading.pageSize,
      signal: this.#reading.signal
    });
    const findings = [];
    try {
      for await (const finding of stream.findings)
        findings.push({
          title: finding.title,
          file_path: finding.file_path,
          line: finding.line,
          cwe: finding.cwe ?? null
        });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      context.log.info(
        `Not every finding could be read (${reason}): the review threads of fixed findings are left as they are.`
      );
      return void 0;
    }
    return remainingFindings(findings);
  }
};

// src/report/log/log-reporter.ts
var logReporter = {
  name: "log",
  finish(report, { log, toolkit }) {
    for (const note of report.notes) log.warning(note);
    for (const entry of report.policy?.expiringSoon ?? [])
      toolkit.annotate("notice", expiringSuppressionNotice(entry));
    const unused = report.policy?.unused ?? [];
    if (unused.length > 0) log.info(`Unused suppressions (they matched no finding): ${unused.join(" | ")}`);
    const notice = creditsNotice(report.insights?.credits);
    if (notice) toolkit.annotate("notice", notice);
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const breakdown = SEVERITIES.map((severity) => `${results.counts[severity]} ${severity}`).join(", ");
    const findings = withNotCounted(breakdown, report.policy);
    log.info(`Findings: ${findings}. Risk score: ${results.riskScore ?? "n/a"}.`);
    log.info(`Gate ${results.verdict.passed ? "passed" : "failed"}: ${results.verdict.reason}`);
    return Promise.resolve(void 0);
  }
};
var logDescriptor = describeReporter({
  name: "log",
  stage: "sink",
  inputs: {},
  outputs: {},
  needs: [],
  create: () => logReporter
});

// src/report/pr-comment/pr-comment.ts
var COMMENT_MAX_CHARACTERS = 65536;
var COMMENT_TOP_FINDINGS = 10;
var SEVERITY_ICON = {
  critical: "\u{1F7E5}",
  high: "\u{1F7E7}",
  medium: "\u{1F7E8}",
  low: "\u{1F7E6}",
  info: "\u2B1C"
};
function commentMarker(checkName) {
  return `<!-- svc-scan-action:comment:${encodeURIComponent(checkName)} -->`;
}
function renderPrComment(report, options) {
  const policyChange = renderPolicyChange(report.policy);
  const lines = [
    commentMarker(options.checkName),
    ...policyChange ? [policyChange, ""] : [],
    heading(report),
    "",
    `**${escapeMarkdownInline(report.reason)}**`,
    ...report.results ? resultsLines(report, report.results, options) : [],
    ...fixesLines(options),
    ...paragraph(renderInsightsCommentLines(report.insights, options.runUrl)),
    ...report.notes.flatMap((note) => ["", `> ${escapeMarkdownInline(truncate(note, 1e3))}`]),
    ...paragraph([linksLine(options)].filter((line) => line !== ""))
  ];
  return withinLimit(lines.join("\n"), options.runUrl);
}
function resultsLines(report, results, options) {
  const lines = ["", countsLine(results, report.policy)];
  const where = ELSEWHERE.jobSummary(options.runUrl);
  if (results.comparison) lines.push(...comparisonLines(results.comparison, options.links, where));
  else lines.push(...mostSevereLines(results, options.links, where));
  const policy = renderPolicySection(report.policy, { rows: COMMENT_SUPPRESSED_ROWS, restWhere: where });
  if (policy) lines.push("", policy.replace(/^### Policy/, "**Policy**"));
  const opened = results.remediations.filter((remediation) => remediation.problem === null);
  if (opened.length > 0) {
    lines.push("", "**Remediation pull requests:**", "");
    for (const remediation of opened)
      lines.push(`- ${markdownLink(truncate(remediation.title, 200), remediation.prUrl)}`);
  }
  return lines;
}
function countsLine(results, policy) {
  const counts = SEVERITIES.map((s) => `${SEVERITY_ICON[s]} ${results.counts[s]} ${s}`).join(" \xB7 ");
  return `${withNotCounted(counts, policy)} \xB7 risk score **${results.riskScore ?? "n/a"}**`;
}
function comparisonLines(comparison, links, where) {
  const { counts } = comparison;
  const top = comparison.newFindings.slice(0, COMMENT_TOP_FINDINGS);
  const lines = [
    "",
    counts.new === 0 ? "**This pull request introduces no new finding.**" : `**New findings** (${top.length} of ${counts.new}):`
  ];
  if (top.length > 0) lines.push("", ...top.map((finding) => findingItem(finding, links)));
  lines.push(...leftOutLines(counts.new - top.length, noun("new finding"), where));
  lines.push(
    ...foldedList(
      `${counted(counts.existing, noun("existing finding"))} (already in the baseline; not failing the gate)`,
      comparison.existingFindings,
      counts.existing,
      { links, what: noun("existing finding"), where }
    )
  );
  const atBase = links && { ...links, sha: comparison.baselineCommit };
  lines.push(
    ...foldedList(
      `This pull request fixes ${counted(counts.fixed, FINDING)}`,
      comparison.fixedFindings,
      counts.fixed,
      { links: atBase, what: noun("fixed finding"), where }
    )
  );
  return lines;
}
function foldedList(summary, findings, total, rest) {
  if (total <= 0) return [];
  const shown = findings.slice(0, COMMENT_TOP_FINDINGS);
  return [
    "",
    `<details><summary>${summary}</summary>`,
    "",
    ...shown.map((finding) => findingItem(finding, rest.links)),
    ...leftOutLines(total - shown.length, rest.what, rest.where),
    "",
    "</details>"
  ];
}
function mostSevereLines(results, links, where) {
  const top = results.findings.slice(0, COMMENT_TOP_FINDINGS);
  if (top.length === 0) return [];
  return [
    "",
    `**Most severe findings** (${top.length} of ${results.reportedTotal} reported):`,
    "",
    ...top.map((finding) => findingItem(finding, links)),
    ...leftOutLines(results.reportedTotal - top.length, noun("reported finding"), where)
  ];
}
function findingItem(finding, links) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const code = location ? markdownCode(truncate(location, 200)) : "";
  const url = fileLink(links, finding);
  const where = code ? ` \u2014 ${url ? markdownCodeLink(code, url) : code}` : "";
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : "";
  return `- ${SEVERITY_ICON[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, 200))}${where}${cwe}`;
}
function fixesLines(options) {
  const lines = [];
  const posted = options.suggestionsPosted ?? 0;
  if (posted > 0)
    lines.push(
      "",
      `${posted} ${posted === 1 ? "fix is" : "fixes are"} suggested on the lines: commit ${posted === 1 ? "it" : "them"} from the review.`
    );
  const folded = options.foldedFixes ?? [];
  const shown = folded.slice(0, COMMENT_TOP_FINDINGS);
  for (const block of shown) lines.push("", block);
  lines.push(
    ...leftOutLines(
      folded.length - shown.length,
      noun("fix that is not a suggestion", "fixes that are not suggestions"),
      ELSEWHERE.jobSummary(options.runUrl)
    )
  );
  return lines;
}
function linksLine(options) {
  return [
    options.checkRunUrl ? markdownLink(`Check run ${options.checkName}`, options.checkRunUrl) : void 0,
    options.runUrl ? markdownLink("Job summary", options.runUrl) : void 0
  ].filter((link) => link !== void 0).join(" \xB7 ");
}
function paragraph(lines) {
  return lines.length > 0 ? ["", ...lines] : [];
}
function withinLimit(body, runUrl) {
  if (body.length <= COMMENT_MAX_CHARACTERS) return body;
  const tail = `
\u2026

_The comment was cut at GitHub's limit of ${COMMENT_MAX_CHARACTERS} characters: ${ELSEWHERE.jobSummary(runUrl)}._`;
  return `${body.slice(0, COMMENT_MAX_CHARACTERS - tail.length)}${tail}`;
}
function heading(report) {
  switch (report.outcome) {
    case "passed":
      return "### \u2705 svc-scan: passed";
    case "failed":
      return "### \u274C svc-scan: failed";
    case "skipped":
      return "### \u23ED\uFE0F svc-scan: skipped, no file in scope changed";
    case "error":
      return "### \u274C svc-scan: the scan could not be completed";
    case "cancelled":
      return "### \u{1F6AB} svc-scan: cancelled";
  }
}

// src/report/pr-comment/pr-comment-reporter.ts
var PR_COMMENT_PERMISSIONS = {
  feature: "the pull request comment",
  needs: [{ scope: "pull-requests", access: "write" }]
};
var prCommentDescriptor = describeReporter({
  ...PR_COMMENT_INPUTS,
  stage: "view",
  outputs: { "comment-url": "Address of the pull request comment created or updated (empty when none)." },
  needs: ["github", "pull-request", "findings shown"],
  permissions: [PR_COMMENT_PERMISSIONS],
  create: ({ prComment }, { github, environment, settings }) => github && environment.pullRequest !== void 0 && prComment !== "never" ? new PrCommentReporter(
    { ...github, pullRequest: environment.pullRequest },
    { mode: prComment, checkName: settings.checkName }
  ) : void 0
});
var PrCommentReporter = class {
  name = "pull request comment";
  needs = { rows: 10, perSeverity: 0 };
  #github;
  #mode;
  #checkName;
  constructor(github, options) {
    this.#github = github;
    this.#mode = options.mode;
    this.#checkName = options.checkName;
  }
  async finish(report, context) {
    if (this.#mode === "never" || report.outcome === "cancelled") return void 0;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo };
    try {
      const marker = commentMarker(this.#checkName);
      const comments = await client.listAll(
        "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
        {
          ...where,
          issue_number: this.#github.pullRequest
        }
      );
      const existing = await this.#ownComment(
        comments.filter((comment) => comment.body?.startsWith(marker)),
        context
      );
      const failed = report.outcome !== "passed" && report.outcome !== "skipped";
      const changesPolicy = (report.policy?.change.length ?? 0) > 0;
      if (existing === void 0 && this.#mode === "on-failure" && !failed && !changesPolicy)
        return void 0;
      const suggestions = context.delivery.of(FIX_SUGGESTIONS_DELIVERED);
      const body = renderPrComment(report, {
        checkName: this.#checkName,
        links: context.links,
        checkRunUrl: context.delivery.of(CHECK_RUN_DELIVERED)?.url || void 0,
        runUrl: context.runUrl,
        foldedFixes: suggestions.folded,
        suggestionsPosted: suggestions.posted
      });
      const response = existing ? await client.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        ...where,
        comment_id: existing.id,
        body
      }) : await client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...where,
        issue_number: this.#github.pullRequest,
        body
      });
      const url = response.data.html_url;
      context.log.info(`${existing ? "Updated" : "Posted"} the pull request comment: ${url}`);
      return { outputs: { "comment-url": url } };
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not comment on the pull request (${error.status}): ${permissionsAdvice(PR_COMMENT_PERMISSIONS, context)}. The job summary has the report.`
      );
      return void 0;
    }
  }
  /** The comment among those carrying the marker that the token's account wrote; the others are left alone. */
  async #ownComment(marked, context) {
    if (marked.length === 0) return void 0;
    const identity = await this.#github.account.identity();
    const own = marked.find((comment) => isTokenAccount(identity, accountIdOf(comment.user?.id)));
    if (own) return own;
    context.log.info(
      identity.known ? `A comment carrying the report's marker was written by another account than the token's (${identity.login}): it is left as it is.` : `Could not tell which account the token acts as (${identity.reason}): a new comment is posted rather than editing one that may be someone else's.`
    );
    return void 0;
  }
};

// src/action/reporters/registry.ts
var REPORTERS = [
  logDescriptor,
  checkRunDescriptor,
  workflowAnnotationsDescriptor,
  fixSuggestionsDescriptor,
  fixedThreadsDescriptor,
  sarifFileDescriptor,
  codeScanningUploadDescriptor,
  prCommentDescriptor,
  jobSummaryDescriptor,
  outputsDescriptor
];
var REPORTER_DESCRIPTORS = REPORTERS;

// src/action/reporting.ts
function planDescriptors(settings, run) {
  const planned = [];
  const beforeVerdict = [];
  const features = [];
  for (const descriptor of REPORTER_DESCRIPTORS) {
    const own = ownSettings(settings, descriptor);
    const reporter = descriptor.create(own, run);
    if (reporter) planned.push({ reporter, stage: descriptor.stage, runNeeds: descriptor.needs });
    if (reporter && run.github) features.push(...descriptor.permissions ?? []);
    const declared = descriptor.beforeVerdict;
    const work = declared?.plan(own, run);
    if (declared === void 0 || work === void 0) continue;
    beforeVerdict.push(work);
    features.push(declared.permissions);
  }
  return { planned, beforeVerdict, permissions: permissionPlanOf(features) };
}
function setUpReporting(input) {
  const { settings, environment } = input;
  const log = toolkitLogger(input.toolkit);
  const toolkit = runnerToolkit(input.toolkit);
  const github = gitHubSide(input, environment, log);
  const set = {};
  const run = {
    settings,
    toolkit,
    logger: log,
    environment,
    github,
    pullRequest: input.pullRequest,
    findings: {
      listFindings: (params, options) => set.findings.listFindings(params, options)
    },
    signal: input.runSignal,
    policyFilter: input.policyFilter,
    notWorkflowHead: input.notWorkflowHead
  };
  const { planned, beforeVerdict, permissions } = planDescriptors(settings, run);
  log.debug(`The token's permissions this run's settings need: ${scopesText(permissions)}.`);
  const plan = readPlanOf(planned);
  set.findings = new FindingSet(input.findings, plan.everyFinding, {
    spill: new SpillFile(input.spillDirectory || void 0)
  });
  return {
    reporters: planned.map(({ reporter, stage }) => ({ reporter, stage })),
    planned,
    plan,
    findings: set.findings,
    beforeVerdict,
    permissions,
    close: () => set.findings.close(),
    context: {
      log,
      toolkit,
      settings,
      links: input.links,
      runUrl: environment.runUrl,
      delivery: NOTHING_DELIVERED,
      permissions
    },
    github
  };
}
async function policyBeforeVerdict(reporting, policy) {
  let judged = policy;
  for (const work of reporting.beforeVerdict) judged = await work(judged);
  return judged;
}
function gitHubSide(input, environment, log) {
  const { owner, repo, sha } = environment;
  const token = input.settings.githubToken;
  if (!token || !owner || !repo || !sha) return void 0;
  try {
    const client = new GitHubClient({
      token,
      apiUrl: environment.apiUrl,
      dispatcher: input.dispatcher,
      signal: input.signal,
      logger: input.logger,
      userAgent: input.userAgent
    });
    const isWorkflowToken = token === input.settings.workflowToken;
    return {
      client,
      account: new TokenAccount(client, { isWorkflowToken, serverUrl: environment.serverUrl }),
      environment: { ...environment, owner, repo, sha }
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info(`Not reporting to GitHub: ${reason}`);
    return void 0;
  }
}

// src/action/main-run.ts
var STOP_REPORTING_GRACE_MS = 2e3;
async function runToReport(input, given, run, network) {
  const { toolkit } = input;
  const logger = toolkitLogger(toolkit);
  const dispatcher = await network.open();
  const client = connect(given, input, run, warningsAsInfo(logger), dispatcher);
  run.progress.stage = "inputs";
  const { settings, facts, policy, place } = await readSettings(input, given, network, logger);
  const deadline = new RunDeadline(settings.waitTimeoutSeconds * 1e3, input.now);
  run.deadline = deadline;
  const pullRequest = place.atHead && settings.judgesChange ? pullRequestOf(facts.environment) : void 0;
  const runSignal = AbortSignal.any([input.signal, deadline.signal]);
  const reporting = setUpReporting({
    settings,
    environment: facts.environment,
    pullRequest: pullRequest?.number,
    toolkit,
    dispatcher,
    signal: reportingSignal(deadline, input.signal),
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    links: place.atHead ? fileLinkBase(facts.environment) : void 0,
    findings: client,
    runSignal,
    policyFilter: policy.filter,
    notWorkflowHead: notWorkflowHead(facts, place, pullRequest),
    spillDirectory: input.env.RUNNER_TEMP
  });
  run.reporting = reporting;
  const result = await runScan({
    client,
    settings,
    log: logger,
    record: savedScanRecord(toolkit),
    signal: runSignal,
    stopSignal: input.signal,
    deadline,
    now: input.now,
    progress: run.progress,
    findingsNeed: reporting.plan.need,
    onScanStarted: async (scan) => planAfterStart(reporting.planned, await announceStart(reporting, scan)).need,
    change: pullRequest && pullRequestChange(pullRequest, reporting.github, logger),
    baselineFinder: findOrStartBaseline,
    policy: await policyBeforeVerdict(reporting, policy),
    findingReading: reporting.findings
  });
  return reportOf(result);
}
function notWorkflowHead(facts, place, pullRequest) {
  if (!place.atHead) return "The scanned commit is not the workflow's own";
  if (facts.change !== void 0 && pullRequest === void 0)
    return "The scanned commit is not the pull request's head";
  return void 0;
}
function reportingSignal(deadline, stop) {
  return AbortSignal.any([
    AbortSignal.timeout(Math.ceil(deadline.remainingMs() + REPORTING_MARGIN_MS)),
    graceAfter(stop, STOP_REPORTING_GRACE_MS).signal
  ]);
}
async function readSettings(input, given, network, logger) {
  const { facts, actionInputs, place } = given;
  const scanned = actionInputs.scanned;
  const dispatcher = await network.open();
  const loaded = await loadPolicy({
    location: actionInputs.policyLocation,
    scanned: { ref: scanned.ref, ownRepository: place.ownRepository },
    githubToken: actionInputs.githubToken,
    facts,
    dispatcher,
    signal: input.signal,
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    parser: loadPolicyParser
  });
  for (const line of loaded.log) logger.info(line);
  if (loaded.source) logger.info(`Policy: ${loaded.source}.`);
  const settings = actionInputs.settings(
    loaded.policy && { file: loaded.policy.file, values: loaded.policy.settings }
  );
  return { settings, facts, place, policy: runPolicyOf(loaded, settings, /* @__PURE__ */ new Date()) };
}
function reportOf(result) {
  const common = {
    scan: result.scan,
    scanStatus: result.scanStatus,
    results: result.results,
    notes: result.notes,
    insights: result.insights,
    policy: result.policy
  };
  if (result.results === void 0) return { ...common, outcome: "skipped", reason: result.skipped ?? "" };
  return {
    ...common,
    outcome: result.results.verdict.passed ? "passed" : "failed",
    reason: result.results.verdict.reason
  };
}
function pullRequestOf(environment) {
  const { sha } = environment;
  if (!sha) return void 0;
  return {
    number: environment.pullRequest,
    baseSha: environment.baseSha,
    headSha: sha,
    mergeGroup: environment.mergeGroup
  };
}
function fileLinkBase(environment) {
  const { owner, repo, sha, serverUrl } = environment;
  return owner && repo && sha ? { serverUrl, owner, repo, sha } : void 0;
}
function connect(given, input, run, logger, dispatcher) {
  run.progress.stage = "credentials";
  const { apiKey, apiUrl } = given.actionInputs.service;
  try {
    run.client = connectToService({
      apiKey,
      apiUrl,
      env: input.env,
      homeDir: input.homeDir ?? homedir(),
      toolkit: input.toolkit,
      eventName: given.facts.event.name,
      log: logger,
      logger,
      dispatcher
    });
    return run.client;
  } catch (error) {
    if (error instanceof ConfigError && given.facts.origin.isForkPullRequest && !apiKey && !input.env.SVC_API_KEY) {
      throw new RunError(
        "No API key: this pull request comes from a fork, and GitHub does not pass secrets to workflows run for forks. Options: scan after merge (push) or on a schedule; have a maintainer re-run it from a branch of this repository; or use a pull_request_target workflow that checks out only trusted code. To skip the scan on forks, add `if: github.event.pull_request.head.repo.full_name == github.repository` to the step."
      );
    }
    throw error;
  }
}
export {
  runToReport
};
//# sourceMappingURL=main-run-SSCR54GT.js.map
