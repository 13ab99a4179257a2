/**
 * Service time. Scenario durations are in service seconds; one service second passes in `timeScale` real
 * seconds (0.01: a 30 s scan takes 300 ms). A time scale of 0 freezes service time, which then moves only by
 * `advance`. Changing the scale re-bases the clock, so service time never jumps.
 */
export interface ServiceClock {
  /** Service time in milliseconds. */
  now(): number;
  readonly timeScale: number;
  setTimeScale(scale: number): void;
  advance(serviceMs: number): void;
}

export const DEFAULT_TIME_SCALE = 0.01;

export function createServiceClock(
  timeScale: number = DEFAULT_TIME_SCALE,
  realNow: () => number = () => performance.now(),
): ServiceClock {
  checkScale(timeScale);
  let scale = timeScale;
  let realBase = realNow();
  let serviceBase = 0;
  const now = (): number => (scale === 0 ? serviceBase : serviceBase + (realNow() - realBase) / scale);
  return {
    now,
    get timeScale() {
      return scale;
    },
    setTimeScale(next) {
      checkScale(next);
      serviceBase = now();
      realBase = realNow();
      scale = next;
    },
    advance(serviceMs) {
      if (!(serviceMs >= 0)) throw new RangeError('time can only be advanced by a positive amount');
      serviceBase += serviceMs;
    },
  };
}

function checkScale(scale: number): void {
  if (!Number.isFinite(scale) || scale < 0)
    throw new RangeError('the time scale must be a number of at least 0');
}
