import type { AnnotationProperties, Toolkit } from '../../src/github/toolkit.ts';
import { SecretScrubber } from '../../src/text/secrets.ts';

/**
 * A Toolkit that records everything the run hands to the runner, so a test of runMain/runPost in-process can
 * assert on the outputs, the failure, the summary, the annotations and the log, as the runner would see them.
 * Inputs are given as the runner passes them: an input the workflow does not set reads as ''.
 */

type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface RecordedAnnotation {
  level: AnnotationLevel;
  message: string;
  properties: AnnotationProperties | undefined;
}

export class FakeToolkit implements Toolkit {
  readonly inputs: Record<string, string>;
  /** Every input name the run asked for, in order, repeats included. */
  readonly inputsRead: string[] = [];
  readonly outputs: Record<string, string> = {};
  /** Saved state survives from the main step to the post step when the same fake serves both. */
  readonly state: Record<string, string> = {};
  readonly secrets: string[] = [];
  /** info and debug lines, and group openings as `::group::name` / `::endgroup::`. */
  readonly log: string[] = [];
  readonly annotations: RecordedAnnotation[] = [];
  readonly failures: string[] = [];
  summary = '';
  #openGroups = 0;
  readonly #scrubber = new SecretScrubber();
  readonly #onLog: ((line: string) => void) | undefined;

  /** `onLog` sees every log line as it is written, e.g. to stop the run at a given point. */
  constructor(inputs: Record<string, string> = {}, onLog?: (line: string) => void) {
    this.inputs = { ...inputs };
    this.#onLog = onLog;
  }

  /** The message of the step's failure; undefined while the step has not failed. */
  get failed(): string | undefined {
    return this.failures.length === 0 ? undefined : this.failures.join('\n');
  }

  get openGroups(): number {
    return this.#openGroups;
  }

  /** Everything the run wrote anywhere, for checks that a secret reached no sink. */
  everythingWritten(): string {
    return [
      ...this.log,
      ...this.annotations.map((a) => `${a.message} ${JSON.stringify(a.properties ?? {})}`),
      ...this.failures,
      this.summary,
      JSON.stringify(this.outputs),
      JSON.stringify(this.state),
    ].join('\n');
  }

  getInput(name: string): string {
    this.inputsRead.push(name);
    return this.inputs[name] ?? '';
  }

  setSecret(value: string): void {
    this.secrets.push(value);
    this.#scrubber.add(value);
  }

  /** As the real toolkit's: what the run writes itself (the SARIF file) goes through it. */
  scrub(text: string): string {
    return this.#scrubber.scrub(text);
  }

  setOutput(name: string, value: string): void {
    this.outputs[name] = value;
  }

  saveState(name: string, value: string): void {
    this.state[name] = value;
  }

  getState(name: string): string {
    return this.state[name] ?? '';
  }

  debug(message: string): void {
    this.#write(`::debug::${message}`);
  }

  info(message: string): void {
    this.#write(message);
  }

  warning(message: string, properties?: AnnotationProperties): void {
    this.annotations.push({ level: 'warning', message, properties });
  }

  error(message: string, properties?: AnnotationProperties): void {
    this.annotations.push({ level: 'error', message, properties });
  }

  notice(message: string, properties?: AnnotationProperties): void {
    this.annotations.push({ level: 'notice', message, properties });
  }

  startGroup(name: string): void {
    this.#openGroups++;
    this.#write(`::group::${name}`);
  }

  endGroup(): void {
    this.#openGroups--;
    this.#write('::endgroup::');
  }

  appendSummary(markdown: string): Promise<void> {
    this.summary += markdown;
    return Promise.resolve();
  }

  setFailed(message: string): void {
    this.failures.push(message);
  }

  #write(line: string): void {
    this.log.push(line);
    this.#onLog?.(line);
  }
}
