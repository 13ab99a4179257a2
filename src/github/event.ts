import { readFile } from 'node:fs/promises';

export interface WorkflowEvent {
  name: string;
  payload: unknown;
}

/** Reads the triggering event the way the runner hands it over: its name and a JSON file. */
export async function readWorkflowEvent(env: NodeJS.ProcessEnv): Promise<WorkflowEvent> {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return { name, payload: {} };
  try {
    return { name, payload: JSON.parse(await readFile(path, 'utf8')) as unknown };
  } catch (error) {
    // Guessing the ref without the payload could scan the wrong commit of a pull request.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not read the event payload at GITHUB_EVENT_PATH (${path}): ${reason}`, {
      cause: error,
    });
  }
}

/** What a workflow's event says of the change it runs for: a pull request, or a merge queue's group. */
export type EventChange =
  | {
      kind: 'pull_request';
      number: number | undefined;
      headSha: string | undefined;
      baseSha: string | undefined;
      /** The head lives in another repository (or was deleted): GitHub passes such a run no secrets. */
      fromFork: boolean;
    }
  | { kind: 'merge_group'; headSha: string | undefined; baseSha: string | undefined };

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

interface ChangePayload {
  pull_request?: {
    number?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
    base?: { sha?: unknown };
  };
  merge_group?: { head_sha?: unknown; base_sha?: unknown };
  repository?: { full_name?: unknown };
}

/** The change of a pull request or merge_group event; undefined for any other event. */
export function changeOfEvent(event: WorkflowEvent): EventChange | undefined {
  const payload = (event.payload ?? {}) as ChangePayload;
  if (event.name === 'merge_group') {
    return {
      kind: 'merge_group',
      headSha: commitSha(payload.merge_group?.head_sha),
      baseSha: commitSha(payload.merge_group?.base_sha),
    };
  }
  if (!PULL_REQUEST_EVENTS.has(event.name)) return undefined;
  const pullRequest = payload.pull_request;
  const number = pullRequest?.number;
  return {
    kind: 'pull_request',
    number: typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined,
    headSha:
      typeof pullRequest?.head?.sha === 'string' && pullRequest.head.sha !== ''
        ? pullRequest.head.sha
        : undefined,
    baseSha: commitSha(pullRequest?.base?.sha),
    fromFork: isFork(payload),
  };
}

function commitSha(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9a-f]{7,64}$/i.test(value) ? value : undefined;
}

function isFork(payload: ChangePayload): boolean {
  const head = payload.pull_request?.head?.repo;
  // A head repository that was deleted leaves `repo: null`; it came from a fork all the same.
  if (head === null) return true;
  if (head === undefined) return false;
  const base = payload.repository?.full_name;
  return typeof head.full_name === 'string' && typeof base === 'string' && head.full_name !== base;
}
