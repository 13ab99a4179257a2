import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmePermissionsTable } from '../../../src/action/permissions-table.ts';
import {
  grantOf,
  permissionPlanOf,
  permissionsTable,
  type FeaturePermissions,
} from '../../../src/github/token-permissions.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A markdown table's rows as trimmed cells, header and rule left out. */
function rowsOf(lines: readonly string[]): string[][] {
  return lines
    .filter((line) => line.startsWith('| ') && !/^\| -+/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

function readmeTable(): string[] {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('\n## Permissions\n'));
  return section.slice(0, section.indexOf('\n## ', 1)).split('\n');
}

const checkRun: FeaturePermissions = {
  feature: 'the check run',
  needs: [{ scope: 'checks', access: 'write' }],
};
const comment: FeaturePermissions = {
  feature: 'the comment',
  needs: [{ scope: 'pull-requests', access: 'write' }],
};
const triage: FeaturePermissions = {
  feature: 'triage',
  needs: [
    { scope: 'security-events', access: 'read', for: 'to read' },
    { scope: 'security-events', access: 'write', for: 'to dismiss' },
  ],
};

describe("the token's permissions, as the features declare them", () => {
  it("generates the README's permissions table, row for row", () => {
    expect(rowsOf(readmePermissionsTable())).toEqual(rowsOf(readmeTable()));
  });

  it('plans each scope at the highest level a feature that is on needs', () => {
    expect(permissionPlanOf([checkRun, triage]).scopes).toEqual({
      checks: 'write',
      'security-events': 'write',
    });
    expect(permissionPlanOf([]).scopes).toEqual({});
    expect(Object.isFrozen(permissionPlanOf([comment]))).toBe(true);
  });

  it('words what a refusal asks to add from the declaration', () => {
    expect(grantOf(checkRun)).toBe('`checks: write`');
    expect(grantOf(triage)).toBe('`security-events: read` to read, `write` to dismiss');
  });

  it('names together the features that need the same, in rows by their first scope', () => {
    const other = { ...comment, feature: 'the suggestions' };
    expect(rowsOf(permissionsTable([comment, checkRun, other]))).toEqual([
      ['The check run', '`checks: write`'],
      ['The comment, the suggestions', '`pull-requests: write`'],
    ]);
  });
});
