import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenario, ScenarioError, type Scenario } from './scenario.ts';

/** Where scenarios come from: a bundled name (`demo`, `e2e`), a path to a JSON file, or a parsed object. */
export type ScenarioSource = string | Record<string, unknown>;

const BUNDLED_DIRECTORY = fileURLToPath(new URL('./scenarios/', import.meta.url));

function isScenarioPath(source: string): boolean {
  return source.endsWith('.json') || source.includes('/') || source.includes('\\');
}

export async function loadScenario(source: ScenarioSource): Promise<Scenario> {
  if (typeof source !== 'string') return parseScenario(source, 'given as an object');
  const path = isScenarioPath(source) ? resolve(source) : resolve(BUNDLED_DIRECTORY, `${source}.json`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = isScenarioPath(source)
      ? ''
      : ' (bundled scenarios: demo, e2e; or pass a path to a JSON file)';
    throw new ScenarioError(`Cannot read scenario ${source}${hint}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScenarioError(`Scenario ${path} is not valid JSON: ${reason}`);
  }
  return parseScenario(value, path);
}
