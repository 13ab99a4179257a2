import { runMain } from './action/run.ts';
import { STATE } from './action/state.ts';
import { runPost } from './action/post.ts';
import { EXIT_CODE_INTERRUPTED, watchTermination } from './action/signals.ts';
import { createActionsToolkit } from './action/toolkit.ts';

// The same bundle serves the main and the post step; the main step leaves a state value the post step sees.
const toolkit = createActionsToolkit();
if (toolkit.getState(STATE.isPost) === 'true') {
  await runPost(toolkit, process.env);
} else {
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
