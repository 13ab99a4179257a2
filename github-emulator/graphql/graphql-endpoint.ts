import { executeSync, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import type { EmulatorState } from '../emulator-state.ts';
import type { Links } from '../request-context.ts';
import type { PullRequest, Repository, ReviewComment, Store } from '../store.ts';
import type { Caller } from '../tokens.ts';
import { accountId } from '../users.ts';
import { gitHubSchema } from './graphql-schema.ts';
import { findThread, replyToThread, resolveThread, threadsOf, type ReviewThread } from './review-threads.ts';

/**
 * `POST /graphql` (and `/api/graphql`, GitHub Enterprise Server's address): `viewer` (the token's account), the
 * review threads of a pull request with `viewerCanResolve`, `resolveReviewThread` and
 * `addPullRequestReviewThreadReply`; every account carries its id (`databaseId`). Documents are parsed,
 * validated against GitHub's published schema and executed by graphql-js; errors come back with HTTP 200 and an
 * `errors` array whose entries carry GitHub's `type` (FORBIDDEN, NOT_FOUND), as GitHub sends them. The workflow's
 * token may read and reply but never resolve ("Resource not accessible by integration"), whatever its
 * permissions; an App's or a person's token may resolve.
 */

export function isGraphqlPath(path: string): boolean {
  return path === '/graphql' || path === '/api/graphql';
}

interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export function handleGraphql(
  state: EmulatorState,
  caller: Caller,
  raw: string,
  links: Links,
): { status: number; body: unknown } {
  let request: GraphqlRequest;
  try {
    request = JSON.parse(raw) as GraphqlRequest;
  } catch {
    return { status: 400, body: { message: 'Problems parsing JSON' } };
  }
  if (typeof request.query !== 'string')
    return {
      status: 200,
      body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
    };
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { status: 200, body: { errors: [formatError(error as GraphQLError)] } };
  }
  const problems = validate(gitHubSchema(), document);
  if (problems.length > 0) return { status: 200, body: { errors: problems.map(formatError) } };
  const result = executeSync({
    schema: gitHubSchema(),
    document,
    rootValue: rootValue(state, caller, links),
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
  });
  return {
    status: 200,
    body: {
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.errors ? { errors: result.errors.map(formatError) } : {}),
    },
  };
}

function formatError(error: GraphQLError): Record<string, unknown> {
  const type = error.extensions.type;
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

const forbidden = (): GraphQLError =>
  new GraphQLError('Resource not accessible by integration', { extensions: { type: 'FORBIDDEN' } });
const notFound = (what: string): GraphQLError =>
  new GraphQLError(`Could not resolve to a node with the global id of '${what}'`, {
    extensions: { type: 'NOT_FOUND' },
  });

function rootValue(state: EmulatorState, caller: Caller, links: Links): Record<string, unknown> {
  const store = state.store;
  const canRead = caller.kind !== 'actions' || state.permissions.pull_requests !== 'none';
  const canWrite = caller.kind !== 'actions' || state.permissions.pull_requests === 'write';
  const view = (thread: ReviewThread, repository: Repository): unknown =>
    threadJson(thread, repository, caller, canWrite, links);
  return {
    viewer: () => viewerJson(caller, links, state.viewerRefused),
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repository = store.repository(owner, name);
      if (!repository) return null;
      return {
        __typename: 'Repository',
        nameWithOwner: `${repository.owner}/${repository.name}`,
        pullRequest: ({ number }: { number: number }) => {
          if (!canRead) throw forbidden();
          const pull = repository.pulls.get(number);
          return pull ? pullJson(store, repository, pull, view) : null;
        },
      };
    },
    resolveReviewThread: ({ input }: { input: { threadId: string; clientMutationId?: string } }) => {
      const { thread, repository } = requireThread(store, input.threadId);
      if (caller.kind === 'actions' || !canWrite) throw forbidden();
      resolveThread(store, thread, caller.login);
      const updated = findThread(store, thread.id) ?? thread;
      return { clientMutationId: input.clientMutationId ?? null, thread: view(updated, repository) };
    },
    addPullRequestReviewThreadReply: ({
      input,
    }: {
      input: { pullRequestReviewThreadId: string; body: string; clientMutationId?: string };
    }) => {
      const { thread, repository } = requireThread(store, input.pullRequestReviewThreadId);
      if (!canWrite) throw forbidden();
      const comment = replyToThread(store, thread, caller.login, input.body);
      return {
        clientMutationId: input.clientMutationId ?? null,
        comment: commentJson(comment, repository, links),
      };
    },
  };
}

/**
 * The token's own account, with its id (`databaseId`, REST's `user.id`). GitHub answers `viewer` for any token, a
 * bot's login with its `[bot]` (as REST names it), while a bot as a comment's author is named without it (see
 * actorJson). `viewerRefused` answers it as GitHub answers what a token may not read.
 */
function viewerJson(caller: Caller, links: Links, refused: boolean): unknown {
  if (refused) throw forbidden();
  const bot = caller.login.endsWith('[bot]');
  return {
    __typename: 'User',
    login: caller.login,
    databaseId: accountId(caller.login),
    url: `${links.serverUrl}/${bot ? `apps/${caller.login.slice(0, -5)}` : caller.login}`,
  };
}

function requireThread(store: Store, id: string): { thread: ReviewThread; repository: Repository } {
  const thread = findThread(store, id);
  if (!thread) throw notFound(id);
  return { thread, repository: thread.root.repository };
}

function pullJson(
  store: Store,
  repository: Repository,
  pull: PullRequest,
  view: (thread: ReviewThread, repository: Repository) => unknown,
): unknown {
  return {
    __typename: 'PullRequest',
    number: pull.number,
    headRefOid: pull.head.sha,
    reviewThreads: (args: { first?: number | null; after?: string | null }) =>
      connection(threadsOf(store, repository, pull), args, (thread) => view(thread, repository)),
  };
}

function threadJson(
  thread: ReviewThread,
  repository: Repository,
  caller: Caller,
  canWrite: boolean,
  links: Links,
): unknown {
  return {
    __typename: 'PullRequestReviewThread',
    id: thread.id,
    isResolved: thread.resolvedBy !== undefined,
    isOutdated: false,
    isCollapsed: thread.resolvedBy !== undefined,
    path: thread.root.path,
    line: thread.root.line,
    viewerCanResolve: caller.kind !== 'actions' && canWrite && thread.resolvedBy === undefined,
    viewerCanReply: canWrite,
    resolvedBy: thread.resolvedBy === undefined ? null : actorJson(thread.resolvedBy, links),
    comments: (args: { first?: number | null; after?: string | null }) =>
      connection(thread.comments, args, (comment) => commentJson(comment, repository, links)),
  };
}

function commentJson(comment: ReviewComment, repository: Repository, links: Links): unknown {
  return {
    __typename: 'PullRequestReviewComment',
    id: `PRRC_kwDO${Buffer.from(String(comment.id)).toString('base64url')}`,
    databaseId: comment.id,
    body: comment.body,
    path: comment.path,
    createdAt: comment.createdAt,
    author: actorJson(comment.user, links),
    url: `${links.serverUrl}/${repository.owner}/${repository.name}/pull/${comment.pullNumber}#discussion_r${comment.id}`,
  };
}

function actorJson(login: string, links: Links): unknown {
  const bot = login.endsWith('[bot]');
  return {
    __typename: bot ? 'Bot' : 'User',
    login: bot ? login.slice(0, -5) : login,
    databaseId: accountId(login),
    url: `${links.serverUrl}/${bot ? `apps/${login.slice(0, -5)}` : login}`,
  };
}

/** GitHub's connections: `first` (at most 100) after an opaque cursor, with `pageInfo` and `totalCount`. */
function connection<T>(
  items: readonly T[],
  args: { first?: number | null; after?: string | null },
  toJson: (item: T) => unknown,
): unknown {
  const first = args.first ?? 100;
  if (first < 0 || first > 100)
    throw new GraphQLError(
      `Requesting ${first} records on the connection exceeds the \`first\` limit of 100 records.`,
      { extensions: { type: 'EXCESSIVE_PAGINATION' } },
    );
  const start =
    args.after === undefined || args.after === null
      ? 0
      : Number(Buffer.from(args.after, 'base64').toString('utf8')) + 1;
  const page = items.slice(start, start + first);
  const cursor = (index: number): string => Buffer.from(String(start + index)).toString('base64');
  return {
    totalCount: items.length,
    nodes: page.map(toJson),
    edges: page.map((item, index) => ({ cursor: cursor(index), node: toJson(item) })),
    pageInfo: {
      hasNextPage: start + page.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursor(0) : null,
      endCursor: page.length > 0 ? cursor(page.length - 1) : null,
    },
  };
}
