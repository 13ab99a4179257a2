import { createHash } from 'node:crypto';
import { AppRegistry } from './apps/app-registry.ts';
import { CodeScanning } from './code-scanning/code-scanning-state.ts';
import { diffHunkText, findLine, parseHunks, type Hunk, type Side } from './patch-hunks.ts';
import type { GitHubSeed, SeedFile, SeedPull, SeedRepository } from './seed.ts';

/**
 * The emulator's state: repositories (case-insensitive `owner/name`, as on GitHub) with their pull requests,
 * check runs, issue comments, reviews and review comments. Ids count up from a different start per kind, so
 * an id of one kind is never mistaken for another's.
 */

export interface Repository {
  readonly id: number;
  readonly owner: string;
  readonly name: string;
  readonly defaultBranch: string;
  readonly pulls: Map<number, PullRequest>;
  /** Files by commit, then by path. */
  readonly files: Map<string, Map<string, string>>;
  /** Symbolic links by commit, then by path: their targets. */
  readonly symlinks: Map<string, Map<string, string>>;
  /** Branches' head commits by name. */
  readonly branches: Map<string, string>;
}

export interface PullRequest {
  readonly number: number;
  readonly title: string;
  readonly user: string;
  readonly base: { readonly ref: string; readonly sha: string };
  readonly head: { readonly ref: string; readonly sha: string };
  readonly mergeBaseSha: string;
  readonly files: readonly PullFile[];
}

export interface PullFile extends SeedFile {
  readonly hunks: readonly Hunk[];
}

export interface Annotation {
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly start_column?: number;
  readonly end_column?: number;
  readonly annotation_level: 'notice' | 'warning' | 'failure';
  readonly message: string;
  readonly title?: string;
  readonly raw_details?: string;
}

export interface CheckRunOutput {
  title: string | null;
  summary: string | null;
  text: string | null;
}

export interface CheckRun {
  readonly id: number;
  readonly repository: Repository;
  name: string;
  readonly headSha: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string | null;
  output: CheckRunOutput;
  /** Every annotation posted, in order: each update appends, as on GitHub. */
  readonly annotations: Annotation[];
}

export interface IssueComment {
  readonly id: number;
  readonly repository: Repository;
  readonly issueNumber: number;
  readonly user: string;
  body: string;
  readonly createdAt: string;
  updatedAt: string;
}

export interface Review {
  readonly id: number;
  readonly repository: Repository;
  readonly pullNumber: number;
  readonly user: string;
  readonly body: string;
  readonly state: 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED';
  readonly commitId: string;
  readonly submittedAt: string | null;
}

export interface ReviewComment {
  readonly id: number;
  readonly repository: Repository;
  readonly pullNumber: number;
  readonly reviewId: number | null;
  readonly user: string;
  readonly body: string;
  readonly path: string;
  readonly line: number;
  readonly side: Side;
  readonly startLine: number | null;
  readonly startSide: Side | null;
  readonly position: number;
  readonly diffHunk: string;
  readonly commitId: string;
  readonly createdAt: string;
  /** Comments of a pending review are not listed until it is submitted. */
  readonly pending: boolean;
}

export class Store {
  readonly repositories = new Map<string, Repository>();
  readonly checkRuns = new Map<number, CheckRun>();
  readonly issueComments: IssueComment[] = [];
  readonly reviews: Review[] = [];
  readonly reviewComments: ReviewComment[] = [];
  readonly codeScanning: CodeScanning;
  #nextCheckRunId = 4_000_000_001;
  #nextCommentId = 2_000_000_001;
  #nextReviewId = 3_000_000_001;
  #nextReviewCommentId = 1_500_000_001;
  readonly #now: () => string;

  /** GitHub Apps, their installations and the tokens minted for them. */
  readonly apps: AppRegistry;
  /** Seeded people's tokens: whose, and when each expires (epoch ms) if it does. */
  readonly userTokens: ReadonlyMap<string, { login: string; expiresAtMs?: number }>;

  constructor(seed: GitHubSeed, now: () => string, nowMs: () => number = () => Date.parse(now())) {
    this.#now = now;
    this.codeScanning = new CodeScanning(now);
    let repositoryId = 100_000_001;
    for (const seeded of seed.repositories) {
      const repository = repositoryOf(seeded, repositoryId++);
      this.repositories.set(keyOf(repository.owner, repository.name), repository);
      for (const pull of seeded.pulls ?? []) this.#addPull(repository, pull);
    }
    this.apps = new AppRegistry(seed.apps ?? [], {
      nowMs,
      repositoriesOf: (account) =>
        [...this.repositories.values()]
          .filter((repository) => repository.owner.toLowerCase() === account.toLowerCase())
          .map((repository) => repository.name),
    });
    this.userTokens = new Map(
      (seed.user_tokens ?? []).map((token) => [
        token.token,
        {
          login: token.login,
          ...(token.expires_at === undefined ? {} : { expiresAtMs: Date.parse(token.expires_at) }),
        },
      ]),
    );
  }

  now(): string {
    return this.#now();
  }

  repository(owner: string, name: string): Repository | undefined {
    return this.repositories.get(keyOf(owner, name));
  }

  addCheckRun(fields: Omit<CheckRun, 'id' | 'annotations'>): CheckRun {
    const run: CheckRun = { ...fields, id: this.#nextCheckRunId++, annotations: [] };
    this.checkRuns.set(run.id, run);
    return run;
  }

  addIssueComment(fields: Omit<IssueComment, 'id'>): IssueComment {
    const comment: IssueComment = { ...fields, id: this.#nextCommentId++ };
    this.issueComments.push(comment);
    return comment;
  }

  addReview(fields: Omit<Review, 'id'>): Review {
    const review: Review = { ...fields, id: this.#nextReviewId++ };
    this.reviews.push(review);
    return review;
  }

  addReviewComment(fields: Omit<ReviewComment, 'id'>): ReviewComment {
    const comment: ReviewComment = { ...fields, id: this.#nextReviewCommentId++ };
    this.reviewComments.push(comment);
    return comment;
  }

  #addPull(repository: Repository, seeded: SeedPull): void {
    const files = (seeded.files ?? []).map((file) => ({
      ...file,
      hunks: file.patch === undefined ? [] : parseHunks(file.patch),
    }));
    const pull: PullRequest = {
      number: seeded.number,
      title: seeded.title ?? `Pull request #${seeded.number}`,
      user: seeded.user ?? 'octocat',
      base: seeded.base,
      head: seeded.head,
      mergeBaseSha: seeded.merge_base_sha ?? seeded.base.sha,
      files,
    };
    repository.pulls.set(pull.number, pull);
    for (const comment of seeded.comments ?? []) {
      const at = comment.created_at ?? this.#now();
      this.addIssueComment({
        repository,
        issueNumber: pull.number,
        user: comment.user,
        body: comment.body,
        createdAt: at,
        updatedAt: at,
      });
    }
    for (const comment of seeded.review_comments ?? []) {
      const side = comment.side ?? 'RIGHT';
      const file = files.find((candidate) => candidate.filename === comment.path);
      const placed = file && placeOnDiff(file.hunks, comment.line, side);
      if (!placed)
        throw new RangeError(`Seeded review comment on ${comment.path}:${comment.line} is not in the diff`);
      this.addReviewComment({
        repository,
        pullNumber: pull.number,
        reviewId: null,
        user: comment.user,
        body: comment.body,
        path: comment.path,
        line: comment.line,
        side,
        startLine: comment.start_line ?? null,
        startSide: comment.start_line === undefined ? null : side,
        position: placed.position,
        diffHunk: placed.diffHunk,
        commitId: pull.head.sha,
        createdAt: comment.created_at ?? this.#now(),
        pending: false,
      });
    }
  }
}

function repositoryOf(seeded: SeedRepository, id: number): Repository {
  const [owner, name, ...rest] = seeded.full_name.split('/');
  if (!owner || !name || rest.length > 0) throw new RangeError(`Not an owner/name: ${seeded.full_name}`);
  const byCommit = (entries: SeedRepository['files']) =>
    new Map(Object.entries(entries ?? {}).map(([commit, paths]) => [commit, new Map(Object.entries(paths))]));
  return {
    id,
    owner,
    name,
    defaultBranch: seeded.default_branch ?? 'main',
    pulls: new Map(),
    files: byCommit(seeded.files),
    symlinks: byCommit(seeded.symlinks),
    branches: new Map(Object.entries(seeded.branches ?? {})),
  };
}

/**
 * The commit a branch's head is: the seeded one; for the default branch without one, the first commit the seed
 * gives files for, else a SHA made from the repository's name (stable across restarts).
 */
export function branchHead(repository: Repository, branch: string): string | undefined {
  const seeded = repository.branches.get(branch);
  if (seeded !== undefined || branch !== repository.defaultBranch) return seeded;
  const first = repository.files.keys().next().value;
  if (first !== undefined) return first;
  return createHash('sha1').update(`${repository.owner}/${repository.name}@${branch}`).digest('hex');
}

export function keyOf(owner: string, name: string): string {
  return `${owner}/${name}`.toLowerCase();
}

/** Where a comment on `line` sits in the file's diff, or undefined when the diff does not show that line. */
export function placeOnDiff(
  hunks: readonly Hunk[],
  line: number,
  side: Side,
): { position: number; diffHunk: string; hunk: Hunk } | undefined {
  const found = findLine(hunks, line, side);
  if (!found) return undefined;
  const diffLine = found.hunk.lines[found.index];
  return (
    diffLine && {
      position: diffLine.position,
      diffHunk: diffHunkText(found.hunk, found.index),
      hunk: found.hunk,
    }
  );
}
