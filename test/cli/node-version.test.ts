import { describe, expect, it } from 'vitest';
import { isSupportedNode, unsupportedNodeMessage } from '../../src/cli/node-version.ts';

describe('isSupportedNode', () => {
  it('compares versions part by part against 22.19.0', () => {
    expect(isSupportedNode('20.20.2')).toBe(false);
    expect(isSupportedNode('22.18.9')).toBe(false);
    expect(isSupportedNode('22.19.0')).toBe(true);
    expect(isSupportedNode('22.100.0')).toBe(true);
    expect(isSupportedNode('24.0.0')).toBe(true);
    expect(isSupportedNode('100.0.0')).toBe(true);
  });
});

describe('unsupportedNodeMessage', () => {
  it('names the version svc needs, the one it found, the npx line on Node 24, and where to get a newer one', () => {
    expect(unsupportedNodeMessage('20.20.2', ['fleet', 'plan', '--shards', '4'])).toBe(
      'svc: needs Node.js 22.19.0 or later; this is Node.js 20.20.2. To run it on Node.js 24 without installing ' +
        'anything: npx -p node@24 -p svc-scan-action svc fleet plan --shards 4\n' +
        'Or install a current LTS release from https://nodejs.org/en/download (or with a version manager: ' +
        'nvm install --lts), then run svc again.',
    );
  });

  it('quotes the arguments for a POSIX shell, so the line runs the same command when pasted', () => {
    const message = unsupportedNodeMessage('20.20.2', ['fleet', 'scan', '--repositories', "acme/*, !it's"]);
    expect(message).toContain(
      "npx -p node@24 -p svc-scan-action svc fleet scan --repositories 'acme/*, !it'\\''s'\n",
    );
  });
});
