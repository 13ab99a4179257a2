import { notFound, validationFailed } from '../github-errors.ts';
import {
  nodeId,
  repositoryPath,
  requireRepository,
  pagedReply,
  type Handler,
  type Links,
  type RequestContext,
} from '../request-context.ts';
import type { Annotation, CheckRun, CheckRunOutput } from '../store.ts';
import { userJson } from '../users.ts';

/**
 * Check runs: create, update, get and list annotations. Annotations accumulate across updates; an update's
 * `output` replaces title, summary and text (a text left out is gone). GitHub's server rules beyond the
 * schema: `summary` over 65,535 UTF-8 bytes is refused, `text` over 65,535 bytes is cut at a character
 * boundary without an error, and `status: completed` needs a conclusion.
 */

const MAX_OUTPUT_BYTES = 65_535;

export const createCheckRun: Handler = (context) => {
  const repository = requireRepository(context);
  const body = context.body as unknown as CheckRunBody & { name: string; head_sha: string };
  const now = context.store.now();
  const run = context.store.addCheckRun({
    repository,
    name: body.name,
    headSha: body.head_sha,
    status: 'queued',
    conclusion: null,
    startedAt: now,
    completedAt: null,
    detailsUrl: null,
    externalId: null,
    output: { title: null, summary: null, text: null },
  });
  apply(run, body, now);
  return { status: 201, body: checkRunJson(run, context.links) };
};

export const updateCheckRun: Handler = (context) => {
  const run = requireCheckRun(context);
  apply(run, context.body, context.store.now());
  return { status: 200, body: checkRunJson(run, context.links) };
};

export const getCheckRun: Handler = (context) => ({
  status: 200,
  body: checkRunJson(requireCheckRun(context), context.links),
});

export const listAnnotations: Handler = (context) => {
  const run = requireCheckRun(context);
  return pagedReply(context, run.annotations, (annotation) => annotationJson(run, annotation, context.links));
};

interface CheckRunBody {
  name?: string;
  details_url?: string;
  external_id?: string;
  status?: CheckRun['status'];
  conclusion?: string;
  started_at?: string;
  completed_at?: string;
  output?: { title?: string; summary: string; text?: string; annotations?: Annotation[] };
}

/** Checks the whole request first, then changes the run, so a refused request changes nothing. */
function apply(run: CheckRun, body: CheckRunBody, now: string): void {
  const status = body.conclusion !== undefined ? 'completed' : (body.status ?? run.status);
  if (status === 'completed' && body.conclusion === undefined && run.conclusion === null)
    throw validationFailed('CheckRun', 'conclusion', 'missing_field');
  const output = body.output;
  if (output !== undefined && Buffer.byteLength(output.summary) > MAX_OUTPUT_BYTES)
    throw validationFailed(
      'CheckRun',
      'summary',
      'custom',
      `summary exceeds a maximum bytesize of ${MAX_OUTPUT_BYTES}`,
    );

  if (body.name !== undefined) run.name = body.name;
  if (body.details_url !== undefined) run.detailsUrl = body.details_url;
  if (body.external_id !== undefined) run.externalId = body.external_id;
  if (body.started_at !== undefined) run.startedAt = body.started_at;
  run.status = status;
  if (body.conclusion !== undefined) run.conclusion = body.conclusion;
  if (status === 'completed') run.completedAt = body.completed_at ?? run.completedAt ?? now;
  if (output !== undefined) {
    const replaced: CheckRunOutput = {
      title: output.title ?? run.output.title,
      summary: output.summary,
      text: output.text === undefined ? null : cutToBytes(output.text, MAX_OUTPUT_BYTES),
    };
    run.output = replaced;
    run.annotations.push(...(output.annotations ?? []));
  }
}

function cutToBytes(text: string, limit: number): string {
  if (Buffer.byteLength(text) <= limit) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > limit) break;
    end += char.length;
  }
  return text.slice(0, end);
}

function requireCheckRun(context: RequestContext): CheckRun {
  const repository = requireRepository(context);
  const run = context.store.checkRuns.get(Number(context.params.check_run_id));
  if (!run || run.repository !== repository) throw notFound();
  return run;
}

export function checkRunJson(run: CheckRun, links: Links): Record<string, unknown> {
  const repoPath = repositoryPath(run.repository);
  const url = `${links.apiUrl}${repoPath}/check-runs/${run.id}`;
  const htmlUrl = `${links.serverUrl}/${run.repository.owner}/${run.repository.name}/runs/${run.id}`;
  const suiteId = 9_000_000_000 + run.id;
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId('CR', run.id),
    head_sha: run.headSha,
    external_id: run.externalId ?? '',
    url,
    html_url: htmlUrl,
    details_url: run.detailsUrl ?? htmlUrl,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      ...run.output,
      annotations_count: run.annotations.length,
      annotations_url: `${url}/annotations`,
    },
    check_suite: { id: suiteId },
    app: actionsApp(links),
    pull_requests: [],
  };
}

function annotationJson(run: CheckRun, annotation: Annotation, links: Links): Record<string, unknown> {
  const { owner, name } = run.repository;
  return {
    path: annotation.path,
    blob_href: `${links.serverUrl}/${owner}/${name}/blob/${run.headSha}/${annotation.path}`,
    start_line: annotation.start_line,
    end_line: annotation.end_line,
    start_column: annotation.start_column ?? null,
    end_column: annotation.end_column ?? null,
    annotation_level: annotation.annotation_level,
    title: annotation.title ?? '',
    message: annotation.message,
    raw_details: annotation.raw_details ?? '',
  };
}

/** The GitHub Actions app, which owns check runs made with a workflow's token. */
function actionsApp(links: Links): Record<string, unknown> {
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    client_id: 'Iv1.05c79e9ad1f6bdfa',
    owner: { ...userJson('github', links.serverUrl, links.apiUrl), type: 'Organization' },
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${links.serverUrl}/apps/github-actions`,
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2024-04-10T20:33:16Z',
    permissions: {
      checks: 'write',
      contents: 'write',
      issues: 'write',
      metadata: 'read',
      pull_requests: 'write',
    },
    events: ['check_run', 'check_suite', 'pull_request', 'push'],
  };
}
