/**
 * Holds the service emulator, the TypeScript client and both Python clients to the Endpoints table of
 * docs/service-api.md (scripts/endpoints/check.ts). Prints each problem and exits 1, or exits 0.
 *
 *   node --experimental-strip-types scripts/check-endpoints.ts
 */
import { endpointProblems } from './endpoints/check.ts';
import { SpecShapeError } from './endpoints/spec-table.ts';

try {
  const problems = endpointProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
  else console.log('endpoints: the emulator and the clients implement docs/service-api.md');
} catch (error) {
  if (!(error instanceof SpecShapeError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
