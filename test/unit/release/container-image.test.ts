import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { NODE_BINARY, PROJECT_ROOT } from '../../../scripts/action-runner.ts';
import { packPackage, type PackedPackage } from '../../support/packed-package.ts';

/**
 * The container image without Docker: the Dockerfile builds from the unpacked npm package (scripts/build-image.sh),
 * so every COPY source must be in that tree; its entry point `svc` is the package's dist/cli.js, which, run from the
 * tree on the project's Node, answers the package's version. A Node 24 slim base pinned by digest, a non-root user,
 * the source label. release.yml builds, pushes and attests it on a version tag.
 */
const dockerfile = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
/** The instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
const all = (keyword: string): string[] =>
  instructions
    .filter((line) => line.startsWith(`${keyword} `))
    .map((line) => line.slice(keyword.length + 1).trim());
const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

let packed: PackedPackage;
beforeAll(() => {
  packed = packPackage();
});

/** Where the image puts a COPY's files: its destination, relative to the WORKDIR before it. */
const workdir = all('WORKDIR')[0] ?? '/';

describe('the Dockerfile', () => {
  it('starts from node:24-slim pinned by the digest of its index', () => {
    expect(all('FROM')).toEqual([expect.stringMatching(/^node:24-slim@sha256:[0-9a-f]{64}$/)]);
  });

  it('copies only what the packed package holds', () => {
    const sources = all('COPY').flatMap((line) => line.split(/\s+/).slice(0, -1));
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.filter((source) => !existsSync(join(packed.tree, source)))).toEqual([]);
  });

  it('runs svc as its entry point, which is the package’s dist/cli.js and answers svc --version', () => {
    expect(all('ENTRYPOINT')).toEqual(['["svc"]']);
    const link = /ln -s (\S+) \/usr\/local\/bin\/svc\b/.exec(all('RUN').join('\n'))?.[1] ?? '';
    expect(link.startsWith(`${workdir}/`)).toBe(true);
    const entry = join(packed.tree, relative(workdir, link));
    expect(execFileSync(NODE_BINARY, [entry, '--version'], { encoding: 'utf8' }).trim()).toBe(version);
  });

  it('runs as the base image’s non-root user, and names its source repository', () => {
    expect(all('USER')).toEqual(['node']);
    expect(all('LABEL').join(' ')).toContain(
      'org.opencontainers.image.source="https://github.com/svc-scan/svc-scan-action"',
    );
  });
});

describe('the image in release.yml', () => {
  interface Job {
    needs?: string;
    permissions?: Record<string, string>;
    steps: { id?: string; run?: string; uses?: string; with?: Record<string, unknown> }[];
  }
  const jobs = (
    parseYaml(readFileSync(join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8')) as {
      jobs: Record<string, Job>;
    }
  ).jobs;
  const image = jobs.image!;

  it('is built from the packed package, pushed to ghcr.io with packages: write in this job only, after the tests', () => {
    expect(image.needs).toBe('release');
    expect(image.permissions).toMatchObject({
      packages: 'write',
      'id-token': 'write',
      attestations: 'write',
    });
    const others = Object.entries(jobs).filter(([name]) => name !== 'image');
    expect(others.filter(([, job]) => job.permissions?.packages !== undefined)).toEqual([]);
    const build = image.steps.find((step) => step.id === 'image')?.run ?? '';
    expect(build).toContain('bash scripts/build-image.sh "$name:${TAG#v}"');
    expect(build).toContain('name="ghcr.io/${GITHUB_REPOSITORY,,}"');
    expect(build).toContain('docker push');
  });

  it("is attested with the pushed image's digest, the attestation pushed to the registry", () => {
    const attest = image.steps.find((step) => step.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest?.with).toEqual({
      'subject-name': '${{ steps.image.outputs.name }}',
      'subject-digest': '${{ steps.image.outputs.digest }}',
      'push-to-registry': true,
    });
  });

  it('SECURITY.md says how to verify it', () => {
    expect(readFileSync(join(PROJECT_ROOT, 'SECURITY.md'), 'utf8')).toContain(
      'gh attestation verify oci://ghcr.io/svc-scan/svc-scan-action:',
    );
  });
});
