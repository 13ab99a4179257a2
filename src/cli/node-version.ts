/** The oldest Node.js the bundle runs on: undici 8, the HTTP client inside it, and commander 15 need 22.19. */
export const MINIMUM_NODE_VERSION = '22.19.0';

/** True when `version` (as process.versions.node gives it) is at least the minimum. */
export function isSupportedNode(version: string, minimum = MINIMUM_NODE_VERSION): boolean {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let index = 0; index < need.length; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** A word as a POSIX shell reads it back: bare when it is safe, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * What svc says on an older Node: the version it needs, the one it found, the npx line that runs the same command
 * on Node 24 with nothing installed (the npm package node brings the binary), and how to get a newer Node.
 */
export function unsupportedNodeMessage(version: string, args: readonly string[] = []): string {
  const command = ['npx -p node@24 -p svc-scan-action svc', ...args.map(shellWord)].join(' ');
  return (
    `svc: needs Node.js ${MINIMUM_NODE_VERSION} or later; this is Node.js ${version}. ` +
    `To run it on Node.js 24 without installing anything: ${command}\n` +
    'Or install a current LTS release from https://nodejs.org/en/download ' +
    '(or with a version manager: nvm install --lts), then run svc again.'
  );
}
