import { describe, expect, it } from 'vitest';
import { remainingPages } from '../../../src/run/finding-pages.ts';

describe('remainingPages', () => {
  it('plans every page that holds the wanted findings, asking no more than wanted', () => {
    expect(
      remainingPages([{ severity: 'high', offset: 50, pageLimit: 50, total: 1000, missing: 120 }]),
    ).toEqual([
      { severity: 'high', offset: 50, limit: 50 },
      { severity: 'high', offset: 100, limit: 50 },
      { severity: 'high', offset: 150, limit: 20 },
    ]);
  });

  it('stops at the total, and keeps severities in the order given', () => {
    expect(
      remainingPages([
        { severity: 'critical', offset: 50, pageLimit: 50, total: 70, missing: 400 },
        { severity: 'low', offset: 200, pageLimit: 200, total: 1000, missing: 10 },
      ]),
    ).toEqual([
      { severity: 'critical', offset: 50, limit: 50 },
      { severity: 'low', offset: 200, limit: 10 },
    ]);
  });

  it('plans nothing when nothing is missing or the page size is unusable', () => {
    expect(
      remainingPages([
        { severity: 'high', offset: 50, pageLimit: 50, total: 1000, missing: 0 },
        { severity: 'medium', offset: 0, pageLimit: 0, total: 1000, missing: 10 },
      ]),
    ).toEqual([]);
  });
});
