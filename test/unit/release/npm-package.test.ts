import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../../../scripts/action-runner.ts';
import { outsideChunks, packedFileList, PACKAGE_FILES_BESIDE_CHUNKS } from '../../support/packed-package.ts';

/**
 * svc is the npm package svc-scan-action: public, its bin `svc`, holding dist/cli.js, the chunks and the licences
 * and nothing else, with no dependency to fetch; release.yml publishes it on a version tag, after the tests, with
 * trusted publishing and provenance. The README's install is that package's.
 */
const read = (path: string): string => readFileSync(join(PROJECT_ROOT, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as Record<string, unknown> & {
  version: string;
  repository?: { url?: string };
};

interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  environment?: string;
  steps: { run?: string; uses?: string; with?: Record<string, unknown> }[];
}
const release = parseYaml(read('.github/workflows/release.yml')) as { jobs: Record<string, Job> };

describe('the npm package', () => {
  it('is public, named svc-scan-action, with the bin svc, its repository, and no dependency', () => {
    expect(manifest).not.toHaveProperty('private');
    expect(manifest.name).toBe('svc-scan-action');
    expect(manifest.bin).toEqual({ svc: 'dist/cli.js' });
    expect(manifest.repository?.url).toBe('https://github.com/svc-scan/svc-scan-action');
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies'])
      expect(manifest, field).not.toHaveProperty(field);
  });

  it('holds dist/cli.js, its chunks and the licences only (npm pack --dry-run)', () => {
    const files = packedFileList();
    expect(outsideChunks(files)).toEqual(PACKAGE_FILES_BESIDE_CHUNKS);
    expect(files.some((path) => path.startsWith('dist/chunks/'))).toBe(true);
  });

  it('packs are never committed', () => {
    expect(read('.gitignore').split('\n')).toContain('*.tgz');
  });

  it('release.yml publishes it after the tests, with trusted publishing (npm 11.5.1 or later) and provenance', () => {
    const npm = release.jobs.npm!;
    expect(npm.needs).toBe('release');
    expect(release.jobs.release?.needs).toBe('check');
    expect(npm.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const runs = npm.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('npm publish --provenance --access public');
    expect(runs).toContain('11.5.1');
    expect(npm.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({
      'node-version': 24,
      'registry-url': 'https://registry.npmjs.org',
    });
  });

  it('the README installs it by name, runs a pinned version with npx, and SECURITY.md says how to verify it', () => {
    const readme = read('README.md');
    expect(readme).toContain('\nnpm install -g svc-scan-action\n');
    expect(readme).toContain(`\nnpx --yes svc-scan-action@${manifest.version} fleet plan --shards 4\n`);
    expect(readme).toContain('npx -p node@24 -p svc-scan-action svc');
    expect(read('SECURITY.md')).toContain('npm audit signatures');
  });
});
