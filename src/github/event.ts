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
