import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/**
 * The rooms of src/ and the rooms each may import from: every folder imports only downward. The run is
 * GitHub-neutral (the core and the client only); the action and svc are two faces over it, and neither imports
 * the other; GitHub's client imports neither face nor the run. The client speaks the core's severities and
 * nothing else of it.
 */
const ALLOWED: Record<string, readonly string[]> = {
  client: ['client', 'core/severity.ts'],
  core: ['core', 'client'],
  github: ['github', 'client', 'core'],
  run: ['run', 'client', 'core'],
  action: ['action', 'run', 'github', 'client', 'core'],
  cli: ['cli', 'run', 'client', 'core'],
  '.': ['.', 'action', 'run'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module a file imports, statically, by re-export or by dynamic import(). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] ?? '');
  return specifiers.map((specifier) =>
    relative(SRC, resolve(dirname(file), specifier))
      .split(sep)
      .join('/'),
  );
}

function roomOf(path: string): string {
  return path.includes('/') ? (path.split('/')[0] ?? '.') : '.';
}

function mayImport(from: string, target: string): boolean {
  if (target.startsWith('../')) return false;
  return (ALLOWED[from] ?? []).some(
    (allowed) => target === allowed || target.startsWith(`${allowed}/`) || roomOf(target) === allowed,
  );
}

export function layerViolations(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const from = roomOf(relative(SRC, file).split(sep).join('/'));
    return importsOf(file)
      .filter((target) => !mayImport(from, target))
      .map((target) => `${relative(SRC, file)} imports ${target}`);
  });
}

describe('the layout of src/', () => {
  it('knows every room', () => {
    const rooms = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rooms).toEqual(
      Object.keys(ALLOWED)
        .filter((room) => room !== '.')
        .sort(),
    );
  });

  it('has every folder import only downward, and neither face import the other', () => {
    expect(layerViolations()).toEqual([]);
  });

  it('sees an upward import when there is one', () => {
    expect(mayImport('run', 'action/toolkit.ts')).toBe(false);
    expect(mayImport('cli', 'action/run.ts')).toBe(false);
    expect(mayImport('github', 'run/settings.ts')).toBe(false);
    expect(mayImport('client', 'core/escape.ts')).toBe(false);
    expect(mayImport('client', 'core/severity.ts')).toBe(true);
    expect(mayImport('action', 'run/settings.ts')).toBe(true);
  });
});
