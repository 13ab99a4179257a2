// Preloaded with `--import` (NODE_OPTIONS): records every module the process loads, in order, and writes them
// as JSON to the file named by MODULE_TRACE_FILE when it exits. Node's synchronous hooks see ES modules,
// require() and the built-ins both import.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const file = process.env.MODULE_TRACE_FILE;
  if (file) writeFileSync(file, JSON.stringify(loaded));
});
