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

/** Inputs whose action.yml default is a runner expression; the action falls back to the same values itself. */
export const EXPRESSION_DEFAULTS: Readonly<Record<string, string>> = {
  repository: '${{ github.repository }}',
  'github-token': '${{ github.token }}',
  'workflow-token': '${{ github.token }}',
};
