/**
 * A failure the action describes itself, with a message that already tells the user what happened and what to
 * do: the run shows it as it is. Any other error is a service or programming failure, turned into advice.
 */
export class RunError extends Error {
  override name = 'RunError';
}
