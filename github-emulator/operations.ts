import { readFileSync } from 'node:fs';
import type { OperationContract, OperationsFile } from './extract-operations.ts';
import type { OperationId } from './operation-ids.ts';

/** The served operations' contracts, cut from GitHub's description into operations.json (see generate-operations.ts). */
export function loadOperations(): ReadonlyMap<OperationId, OperationContract> {
  const file = JSON.parse(
    readFileSync(new URL('./operations.json', import.meta.url), 'utf8'),
  ) as OperationsFile;
  return new Map(file.operations.map((operation) => [operation.operationId, operation]));
}
