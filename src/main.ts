import { runMain } from './action/run.ts';
import { createActionsToolkit } from './github/toolkit.ts';
import { EXIT_CODE_INTERRUPTED, watchTermination } from './run/signals.ts';

/**
 * The action's main step. The post step has an entry of its own (src/post.ts, action.yml's `runs.post`): which
 * step runs is the runner's choice of file, never a value in the environment, which any earlier step can set
 * through $GITHUB_ENV. The bundle's entry (src/index.ts) only calls this, so GitHub's `@github/local-action` can
 * run the action from source.
 */
export async function run(): Promise<void> {
  const toolkit = createActionsToolkit();
  const termination = watchTermination(process);
  try {
    await runMain({
      toolkit,
      env: process.env,
      signal: termination.signal,
      now: () => performance.timeOrigin + performance.now(),
    });
  } catch (error) {
    // runMain handles its own failures; this guards against a bug in that handling leaving the step green.
    toolkit.setFailed(error instanceof Error ? error.message : String(error));
  }
  termination.dispose();
  if (termination.received()) process.exitCode = EXIT_CODE_INTERRUPTED;
}
