import { setFlagsFromString } from 'node:v8';

/** V8's own default, put back when the last fleet ends (an action or a test may go on in the same process). */
const DEFAULT_GROWTH_FACTOR = 2;

let holders = 0;

/**
 * Holds V8's young generation at the size it has while a fleet runs, and lets it grow again afterwards. A night
 * of 100 scans in flight keeps some objects alive across every scavenge (requests, timers, the page being read),
 * and V8 grows its young generation whenever what survived since its last growth exceeds its capacity: it soon
 * reaches its largest (128 MiB of new space on a 64-bit machine), most of the fleet's peak RSS (263–290 MiB for
 * 1,000 repositories) while the live set stays under 64 MiB. Held at its first size it costs more, smaller
 * scavenges (the wall time does not move) and leaves the peak well under 200 MiB.
 *
 * The growth factor is read at each resize, not at start-up, so it takes effect when set here; a cap such as
 * `--max-semi-space-size` is read only at start-up, from a command line `svc` does not write.
 */
export function holdYoungGeneration(): { release(): void } {
  if (holders++ === 0) setFlagsFromString('--semi-space-growth-factor=1');
  let released = false;
  return {
    release(): void {
      if (released) return;
      released = true;
      if (--holders === 0) setFlagsFromString(`--semi-space-growth-factor=${String(DEFAULT_GROWTH_FACTOR)}`);
    },
  };
}
