import { run } from './post-step.ts';

await run();
