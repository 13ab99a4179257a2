import { enableCompileCache } from 'node:module';

/**
 * The command-line entry. Stripping the types of the emulator's modules is most of its start-up time, so the
 * entry turns on Node's compile cache before it loads them (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
 */
enableCompileCache();
const { main } = await import('./cli-main.ts');
process.exitCode = await main(process.argv.slice(2));
