import { writeFileSync } from 'node:fs';
import { DOTCOM_DESCRIPTION, openapiPackageVersion, readDescription } from './description-files.ts';
import { extractOperations, type OperationsFile } from './extract-operations.ts';
import { SERVED_OPERATION_IDS } from './operation-ids.ts';

/**
 * Regenerates operations.json from `@octokit/openapi` (run after changing the served operations or the
 * package's version): `node github-emulator/generate-operations.ts`. A test fails while the file differs.
 */

export const OPERATIONS_FILE = new URL('./operations.json', import.meta.url);

export function currentOperations(): OperationsFile {
  return extractOperations(
    readDescription(DOTCOM_DESCRIPTION),
    SERVED_OPERATION_IDS,
    `@octokit/openapi@${openapiPackageVersion()} generated/${DOTCOM_DESCRIPTION}`,
  );
}

function serializeOperations(file: OperationsFile): string {
  return `${JSON.stringify(file, null, 1)}\n`;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  writeFileSync(OPERATIONS_FILE, serializeOperations(currentOperations()));
  process.stdout.write(`wrote ${OPERATIONS_FILE.pathname}\n`);
}
