import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** action.yml as the runner reads it. */
export interface ActionMetadata {
  inputs: Record<string, { default?: string; description?: string }>;
  outputs: Record<string, { description?: string }>;
  runs: Record<string, string>;
}

export function readActionMetadata(): ActionMetadata {
  return parseYaml(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as ActionMetadata;
}
