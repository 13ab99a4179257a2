import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/registry.ts';

/**
 * A command of svc is its file in src/cli/commands/ and one line of COMMANDS: a file that exports an
 * `add…Command` the registry does not list is named here, with the file to edit (docs/cli.md's list is written
 * from the registry by `npm run generate`, whose check names the page when it is stale).
 */
const folder = new URL('../../src/cli/commands/', import.meta.url);

describe("svc's registry of commands", () => {
  it('lists every add…Command the command files export', async () => {
    const listed = new Set<unknown>(COMMANDS);
    const missing: string[] = [];
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .sort()) {
      const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
      missing.push(
        ...Object.entries(module)
          .filter(([name, value]) => /^add\w+Command$/.test(name) && !listed.has(value))
          .map(
            ([name]) =>
              `src/cli/commands/${file} exports ${name}, which COMMANDS of src/cli/commands/registry.ts does not list: add one line there`,
          ),
      );
    }
    expect(missing).toEqual([]);
  });
});
