/** An error's message, for a line of the log or the roll-up. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
