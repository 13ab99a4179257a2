import { classifyScanStatus, type Scan } from '../../client/index.ts';
import type { RunStage } from '../../run/failure-advice.ts';
import type { RunProgress } from '../../run/run-context.ts';
import { ScanProgress, formatElapsed } from '../../run/scan-progress.ts';
import type { Writer } from '../cli-io.ts';
import { terminalInline, terminalText } from '../terminal-text.ts';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPIN_MS = 100;

/**
 * The scan's progress on stderr. On a terminal: one line, redrawn, with a spinner and every module's status.
 * Otherwise (a CI log, a file): a plain line for each change of the scan's or a module's status.
 */
export class ScanProgressWriter {
  readonly #err: Writer;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #lines: ScanProgress;
  #latest: Scan | undefined;
  #frame = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(err: Writer, now: () => number) {
    this.#err = err;
    this.#now = now;
    this.#startedAt = now();
    this.#lines = new ScanProgress(this.#startedAt);
  }

  update(scan: Scan): void {
    this.#latest = scan;
    if (!this.#err.isTTY) {
      for (const line of this.#lines.update(scan, this.#now())) this.#err.line(terminalText(line));
      return;
    }
    this.#timer ??= setInterval(() => {
      this.#frame += 1;
      this.#draw();
    }, SPIN_MS).unref();
    this.#draw();
  }

  /** Stops the spinner and leaves the last state on its own line. */
  stop(): void {
    if (this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#draw();
    this.#err.write('\n');
  }

  #draw(): void {
    const scan = this.#latest;
    if (!scan) return;
    const modules = scan.modules.map((m) => `${m.name} ${m.status}`).join(', ');
    const elapsed = formatElapsed(this.#now() - this.#startedAt);
    const text = terminalInline(
      `scan ${scan.id}: ${scan.status}${modules ? ` · ${modules}` : ''} (${elapsed})`,
    );
    const columns = (process.stderr.columns || 80) - 3;
    this.#err.write(`\r\u001b[2K${SPINNER[this.#frame % SPINNER.length] ?? ''} ${text.slice(0, columns)}`);
  }
}

/**
 * The run's progress as svc keeps it: on a terminal, the spinner draws the scan from the first status the run
 * sees until the scan ends (elsewhere the run's log lines say the same).
 */
export class SpinnerProgress implements RunProgress {
  stage: RunStage = 'inputs';
  readonly #err: Writer;
  readonly #now: () => number;
  #scan: Scan | undefined;
  #spinner: ScanProgressWriter | undefined;
  #ended = false;

  constructor(err: Writer, now: () => number) {
    this.#err = err;
    this.#now = now;
  }

  get scan(): Scan | undefined {
    return this.#scan;
  }

  set scan(scan: Scan | undefined) {
    this.#scan = scan;
    if (scan === undefined || this.#ended || !this.#err.isTTY) return;
    this.#spinner ??= new ScanProgressWriter(this.#err, this.#now);
    this.#spinner.update(scan);
    if (classifyScanStatus(scan.status) !== 'running') this.stop();
  }

  /** Leaves the last state on its own line; nothing is drawn after. */
  stop(): void {
    this.#ended = true;
    this.#spinner?.stop();
  }
}
