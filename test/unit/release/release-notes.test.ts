import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReleaseTag, releaseNotes } from '../../../scripts/release-notes.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const changelog = readFileSync(`${root}CHANGELOG.md`, 'utf8');
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };

/** Runs scripts/release-notes.ts as the workflow does, on the Node that runs the tests (npm's Node 24). */
function runReleaseNotes(tag: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, ['--experimental-strip-types', 'scripts/release-notes.ts', tag], {
    cwd: root,
    encoding: 'utf8',
  });
}

describe('the release notes of CHANGELOG.md', () => {
  it("has notes for package.json's version, which stop at the next version's heading", () => {
    const notes = releaseNotes(changelog, version);
    expect(notes.length).toBeGreaterThan(200);
    expect(notes).not.toMatch(/^## /m);
    expect(changelog).toContain(notes);
  });

  it('every version heading has notes', () => {
    const versions = Array.from(changelog.matchAll(/^## \[([^\]]+)\]/gm), (match) => match[1] ?? '');
    expect(versions).toContain(version);
    for (const each of versions) expect(releaseNotes(changelog, each).length, each).toBeGreaterThan(0);
  });

  it('the script prints the notes of a tag that matches package.json', () => {
    const result = runReleaseNotes(`v${version}`);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${releaseNotes(changelog, version)}\n`);
  });

  it('the script refuses a tag that differs from package.json, and prints no notes', () => {
    const result = runReleaseNotes('v999.0.0');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`does not match package.json's version ${version}`);
  });
});

describe('releaseNotes', () => {
  const text = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '- next',
    '',
    '## [1.2.0] - 2026-02-01',
    '',
    '### Added',
    '',
    '- a feature',
    '',
    '## 1.1.0',
    '- a fix',
    '## [1.0.0]',
    '',
  ].join('\n');

  it('takes the section of the version, bracketed or not, dated or not', () => {
    expect(releaseNotes(text, '1.2.0')).toBe('### Added\n\n- a feature');
    expect(releaseNotes(text, '1.1.0')).toBe('- a fix');
    expect(releaseNotes(text, 'Unreleased')).toBe('- next');
  });

  it('refuses a version without a section, or with an empty one', () => {
    expect(() => releaseNotes(text, '1.3.0')).toThrow("no section for 1.3.0: add a '## [1.3.0]' heading");
    expect(() => releaseNotes(text, '1.0.0')).toThrow('section for 1.0.0 is empty');
    expect(() => releaseNotes(text, '1.2')).toThrow('no section for 1.2');
  });

  it('reads CRLF files like LF ones', () => {
    expect(releaseNotes(text.replaceAll('\n', '\r\n'), '1.2.0')).toBe('### Added\n\n- a feature');
  });
});

describe('parseReleaseTag', () => {
  it('takes vMAJOR.MINOR.PATCH', () => {
    expect(parseReleaseTag('v1.2.3')).toEqual({ tag: 'v1.2.3', version: '1.2.3' });
    expect(parseReleaseTag('v10.0.12').version).toBe('10.0.12');
  });

  it.each(['1.2.3', 'v1', 'v1.2', 'v01.2.3', 'v1.2.3-rc.1', 'v1.2.3 ', 'release-1.2.3'])(
    'refuses %j',
    (tag) => {
      expect(() => parseReleaseTag(tag)).toThrow('is not a release tag');
    },
  );
});

describe('the release dry run', () => {
  it('tags HEAD in a temporary clone, prints the notes, and moves the major tag on a scratch remote', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const headVersion = (
      JSON.parse(execFileSync('git', ['show', 'HEAD:package.json'], { cwd: root, encoding: 'utf8' })) as {
        version: string;
      }
    ).version;
    const major = `v${headVersion.split('.')[0] ?? ''}`;
    const tagsBefore = execFileSync('git', ['tag', '--list'], { cwd: root, encoding: 'utf8' });
    const result = spawnSync('bash', ['scripts/release-dry-run.sh', '--skip-checks'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`v${headVersion} -> ${head}`);
    expect(result.stdout).toContain(`${major} -> ${head} (v${headVersion})`);
    expect(result.stdout).toContain(`The scratch remote's ${major} is v${headVersion}'s commit.`);
    expect(result.stdout).toMatch(/^[0-9a-f]{64} {2}dist\/index\.js$/m);
    expect(result.stdout).toContain(`Dry run of v${headVersion} passed`);
    // The dry run's tags stay in its temporary clone.
    expect(execFileSync('git', ['tag', '--list'], { cwd: root, encoding: 'utf8' })).toBe(tagsBefore);
    // git clones, npm pack and hashes in child processes: a guard against a hang, wide enough for a busy machine.
  }, 90_000);

  it('fails, before moving anything, on a tag that differs from package.json', () => {
    const result = spawnSync('bash', ['scripts/release-dry-run.sh', 'v999.0.0', '--skip-checks'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('does not match');
    expect(result.stdout).not.toContain('v999 ->');
  });
});
