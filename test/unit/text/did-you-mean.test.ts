import { describe, expect, it } from 'vitest';
import { didYouMean, similarNames } from '../../../src/text/did-you-mean.ts';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'none'];

describe('didYouMean', () => {
  it('suggests the closest known name: a swap, a letter too many, too few or wrong', () => {
    expect(didYouMean('hihg', SEVERITIES)).toBe(" Did you mean 'high'?");
    expect(didYouMean('critcal', SEVERITIES)).toBe(" Did you mean 'critical'?");
    expect(didYouMean('mediumm', SEVERITIES)).toBe(" Did you mean 'medium'?");
    expect(didYouMean('owasp-top10', ['owasp-top-10', 'pci-dss-4', 'soc2'])).toBe(
      " Did you mean 'owasp-top-10'?",
    );
  });

  it('names every name at the same, smallest distance, in order', () => {
    expect(similarNames('scan2', ['scans', 'scan', 'usage'])).toEqual(['scan', 'scans']);
    expect(didYouMean('scan2', ['scans', 'scan'])).toBe(" Did you mean one of 'scan', 'scans'?");
  });

  it('says nothing when no name is close', () => {
    expect(didYouMean('urgent', SEVERITIES)).toBe('');
    expect(didYouMean('x', SEVERITIES)).toBe('');
    expect(similarNames('anything', [])).toEqual([]);
  });
});
