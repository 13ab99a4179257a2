/** A time as the roll-up and the fleet's log write it: UTC to the second, `YYYY-MM-DDTHH:MM:SSZ`. */
export function utcSecond(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The time of day alone, UTC to the second (`HH:MM:SSZ`): a deadline within the night. */
export function utcTimeOfDay(ms: number): string {
  return utcSecond(ms).slice(11);
}
