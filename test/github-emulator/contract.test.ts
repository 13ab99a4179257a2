import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDescription } from '../../github-emulator/description-files.ts';
import { currentOperations, OPERATIONS_FILE } from '../../github-emulator/generate-operations.ts';
import { SERVED_OPERATION_IDS } from '../../github-emulator/operation-ids.ts';

describe("the operations cut from GitHub's description", () => {
  it('equal what @octokit/openapi says today (regenerate with node github-emulator/generate-operations.ts)', () => {
    const committed = JSON.parse(readFileSync(OPERATIONS_FILE, 'utf8'));
    expect(committed).toEqual(currentOperations());
  }, 60_000);

  it('are all served, each once', () => {
    const committed = JSON.parse(readFileSync(OPERATIONS_FILE, 'utf8'));
    expect(committed.operations.map((operation: { operationId: string }) => operation.operationId)).toEqual([
      ...SERVED_OPERATION_IDS,
    ]);
    expect(committed.source).toMatch(
      /^@octokit\/openapi@\d+\.\d+\.\d+ generated\/api\.github\.com\.deref\.json$/,
    );
  });

  it.each(['ghes-3.17.json', 'ghes-3.19.json'])(
    'exist with the same method and path in %s',
    (name) => {
      const ghes = readDescription(name);
      const committed = JSON.parse(readFileSync(OPERATIONS_FILE, 'utf8'));
      for (const operation of committed.operations as {
        operationId: string;
        method: string;
        path: string;
      }[]) {
        const item = ghes.paths[operation.path];
        expect(
          item?.[operation.method.toLowerCase()]?.operationId,
          `${operation.operationId} in ${name}`,
        ).toBe(operation.operationId);
      }
    },
    60_000,
  );
});
