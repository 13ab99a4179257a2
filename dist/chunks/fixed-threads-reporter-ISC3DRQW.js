import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  partialScanReason
} from "./chunk-6NIMHUJH.js";
import {
  streamScanFindings
} from "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import {
  KindNumbers,
  identityKey
} from "./chunk-HAVHDHR4.js";
import {
  accountIdOf,
  isTokenAccount
} from "./chunk-ON4IMCVJ.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import "./chunk-XDHJISCG.js";
import "./chunk-2MCR5RCG.js";
import "./chunk-JTBHCSTL.js";
import "./chunk-DTJGZLIT.js";
import "./chunk-BBYHN6AK.js";
import "./chunk-KQ5MWZ4S.js";
import "./chunk-WNLN7TCM.js";
import "./chunk-4FZBDBB5.js";
import "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";

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
var fixedThreadsFactory = {
  create: (_own, run) => run.github && run.pullRequest !== void 0 ? new FixedThreadsReporter(
    { ...run.github, pullRequest: run.pullRequest },
    { client: run.findings, signal: run.signal, pageSize: run.settings.pageSize }
  ) : void 0
};
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
export {
  fixedThreadsFactory
};
//# sourceMappingURL=fixed-threads-reporter-ISC3DRQW.js.map
