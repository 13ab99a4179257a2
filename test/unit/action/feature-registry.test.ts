import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURE_MANIFESTS } from '../../../src/action/reporters/registry.ts';

/**
 * A feature is its folder and one line of the registry: its manifest (`<feature>-manifest.ts`) declares it, and
 * src/action/reporters/registry.ts lists the manifest. A manifest or a reporter the registry cannot reach is
 * named here with the file to edit (a manifest that leaves out a field fails the typecheck, naming the field).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const REGISTRY = 'src/action/reporters/registry.ts';

function filesEndingIn(suffix: string): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(suffix))
    .map((path) => `src/${path}`)
    .sort();
}

describe('the registry of features', () => {
  it('lists the manifest of every file that exports one', async () => {
    const listed = new Set<unknown>(FEATURE_MANIFESTS);
    const missing: string[] = [];
    for (const file of filesEndingIn('-manifest.ts')) {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      const manifests = Object.entries(module).filter(
        ([, value]) => typeof value === 'object' && value !== null && 'reporter' in value && 'stage' in value,
      );
      missing.push(
        ...manifests
          .filter(([, manifest]) => !listed.has(manifest))
          .map(([name]) => `${file} exports ${name}, which ${REGISTRY} does not list: add one line there`),
      );
    }
    expect(missing).toEqual([]);
  });

  it('imports every reporter lazily from a manifest of its folder', () => {
    const manifests = filesEndingIn('-manifest.ts').map((file) => readFileSync(join(root, file), 'utf8'));
    const unreached = filesEndingIn('-reporter.ts')
      .filter((file) => !manifests.some((text) => text.includes(`import('./${basename(file)}')`)))
      .map(
        (file) =>
          `${file} is no manifest's reporter: give ${dirname(file)}/ a <feature>-manifest.ts whose reporter is import('./${basename(file)}'), and list it in ${REGISTRY}`,
      );
    expect(unreached).toEqual([]);
  });

  it('gives each feature a name of its own (the settings key its inputs by it)', () => {
    const names = FEATURE_MANIFESTS.map((feature) => feature.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
