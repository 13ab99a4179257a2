import { describe, expect, it } from 'vitest';
import { nextPollDelayMs } from '../../../src/fleet/poll-schedule.ts';

describe("the fleet's polling schedule", () => {
  it('starts at the first interval and grows by half each poll, up to a minute', () => {
    const delays = Array.from({ length: 12 }, (_, polls) => nextPollDelayMs(polls, 2_000));
    expect(delays.slice(0, 4)).toEqual([2_000, 3_000, 4_500, 6_750]);
    expect(delays.at(-1)).toBe(60_000);
    expect(delays.every((delay, index) => index === 0 || delay >= (delays[index - 1] ?? 0))).toBe(true);
  });

  it('polls a ten-minute scan about 17 times, where a poll every 2 s would be 300', () => {
    let elapsed = 0;
    let polls = 0;
    while (elapsed < 600_000) elapsed += nextPollDelayMs(polls++, 2_000);
    expect(polls).toBeLessThanOrEqual(18);
  });

  it('never polls more often than the first interval a user asked for, even above a minute', () => {
    expect(nextPollDelayMs(0, 90_000)).toBe(90_000);
    expect(nextPollDelayMs(5, 90_000)).toBe(90_000);
  });
});
