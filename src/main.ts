import { runMain } from './action/run.ts';
import { STATE } from './action/state.ts';
import { createActionsToolkit } from './action/toolkit.ts';
import { EXIT_CODE_INTERRUPTED, watchTermination } from './run/signals.ts';

/**
 * The action: the main step, or the post step when the main step has left its state. The bundle's entry
 * (src/index.ts) only calls this, so GitHub's `@github/local-action` can run the action from source.
 */
export async function run(): Promise<void> {
  // The same bundle serves the main and the post step; the main step leaves a state value the post step sees.
  const toolkit = createActionsToolkit();
  if (toolkit.getState(STATE.isPost) === 'true') {
    // The post step is a chunk of its own: the main step, and a refused input, never load it.
    const { runPost } = await import('./action/post.ts');
    await runPost(toolkit, process.env);
    return;
  }
  const termination = watchTermination(process);
  try {
    await runMain({ toolkit, env: process.env, signal: termination.signal, now: () => performance.now() });
  } catch (error) {
    // runMain handles its own failures; this guards against a bug in that handling leaving the step green.
    toolkit.setFailed(error instanceof Error ? error.message : String(error));
  }
  termination.dispose();
  if (termination.received()) process.exitCode = EXIT_CODE_INTERRUPTED;
}
