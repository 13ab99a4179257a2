import { describe, expect, it } from 'vitest';
import { escapeMarkdownInline, markdownCode } from '../../../src/text/escape.ts';
import { scrubSecrets } from '../../../src/text/secrets.ts';

const KEY = 'svc_sk_canary_0123456789';

describe('scrubSecrets', () => {
  it('removes a secret as it is and as markdown escaping shows it', () => {
    const text = `a ${KEY} b ${escapeMarkdownInline(`x ${KEY} y`)} c ${markdownCode(KEY)}`;
    const scrubbed = scrubSecrets(text, [KEY]);
    expect(scrubbed).not.toContain('canary');
    expect(scrubbed.match(/\*\*\*/g)).toHaveLength(3);
  });

  it('leaves text without secrets alone, and ignores very short ones', () => {
    expect(scrubSecrets('plain text', [KEY, 'ab'])).toBe('plain text');
  });
});
