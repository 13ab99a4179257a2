import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_BINARY, PROJECT_ROOT } from '../../../scripts/action-runner.ts';
import { documentedUsage, svcCommands } from '../../../scripts/docs-pin/documented-usage.ts';
import {
  extractCommit,
  hasCommit,
  missingAtCommit,
  missingCommitAdvice,
} from '../../../scripts/docs-pin/pinned-commit.ts';

/**
 * What the documentation pins has what the documentation uses: every example of README.md and docs/ pins one
 * commit (`uses: svc-scan/svc-scan-action@<sha>`, and checkouts of the action's repository at `ref: <sha>`), and
 * that commit's action.yml declares every input the examples set, and its dist/cli.js has every svc command the
 * examples run, with every flag they pass (its `--help`). A commit that adds an input or a command does not
 * document it: `npm run pin-docs` moves the pin in a later commit, and then the documentation may use it.
 */

const usage = documentedUsage(PROJECT_ROOT);
const pinned = [...new Set(usage.pins.map((pin) => pin.sha))];
const sha = pinned[0] ?? '';
const folders: string[] = [];
const extracted = (commit: string): string => {
  const folder = extractCommit(PROJECT_ROOT, commit);
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the commit the documentation pins', () => {
  it('is one commit, pinned by every example of the action and every checkout of its repository', () => {
    expect(usage.pins.length).toBeGreaterThanOrEqual(12);
    expect(usage.pins.filter((pin) => pin.sha !== sha)).toEqual([]);
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('is in this clone (CI checks out the whole history)', () => {
    expect(hasCommit(PROJECT_ROOT, sha), missingCommitAdvice(sha)).toBe(true);
  });

  it('declares every input the examples set and has every svc command and flag they run', () => {
    expect(usage.inputs.map((use) => use.input)).toEqual(expect.arrayContaining(['repositories', 'shard']));
    expect(usage.commands.map((command) => command.words.slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['fleet plan', 'fleet scan', 'fleet merge', 'scan acme/webapp']),
    );
    expect(missingAtCommit(extracted(sha), usage, NODE_BINARY)).toEqual([]);
  });

  it('is held to it: an input, a command or a flag it lacks is named', () => {
    const lacking = {
      pins: [],
      inputs: [{ where: 'a.md:1', input: 'no-such-input' }],
      commands: [
        ...svcCommands('a.md:2', 'svc fleet plan --shards 4 --no-such-flag'),
        ...svcCommands('a.md:3', 'echo "m=$(node svc-scan-action/dist/cli.js fleet nope --shards 4)" >> out'),
        ...svcCommands('a.md:4', 'npx --yes svc-scan-action@1.2.3 nothing-here'),
      ],
    };
    expect(missingAtCommit(extracted(sha), lacking, NODE_BINARY)).toEqual([
      "a.md:1: input 'no-such-input' is not in action.yml",
      "a.md:2: 'svc fleet plan --shards 4 --no-such-flag': 'svc fleet plan' has no flag --no-such-flag",
      "a.md:3: 'svc fleet nope --shards 4': svc fleet has no command 'nope'",
      "a.md:4: 'svc nothing-here': svc has no command 'nothing-here'",
    ]);
  });

  it('a commit that is not in the clone fails saying how to fetch it', () => {
    const absent = 'f'.repeat(40);
    expect(() => extractCommit(PROJECT_ROOT, absent)).toThrow(`git fetch origin ${absent}`);
  });
});
