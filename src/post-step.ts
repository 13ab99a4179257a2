import { runPost } from './action/post.ts';
import { createActionsToolkit } from './github/toolkit.ts';

/**
 * The action's post step, run by the runner from its own file (action.yml's `runs.post`, dist/post.js), as
 * actions/cache and codeql-action do: the main step's entry never runs it. The bundle's entry (src/post.ts) only
 * calls this, so `@github/local-action` can run it from source too.
 */
export async function run(): Promise<void> {
  await runPost(createActionsToolkit(), process.env);
}
