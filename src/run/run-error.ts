/**
 * A failure the action describes itself, with a message that already tells the user what happened and what to
 * do: the run shows it as it is. Any other error is a service or programming failure, turned into advice.
 */
export class RunError extends Error {
  override name = 'RunError';
}

/** The runner asked the step to stop while the scan ran; the scan was asked to stop too. */
export class ScanInterruptedError extends RunError {
  override name = 'ScanInterruptedError';
  /** The scan's status after the cancel request; undefined when there was no scan or the request failed. */
  readonly scanStatus: string | undefined;

  constructor(message: string, scanStatus: string | undefined) {
    super(message);
    this.scanStatus = scanStatus;
  }
}
