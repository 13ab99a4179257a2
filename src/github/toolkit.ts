import * as core from '@actions/core';
import { SecretScrubber } from '../text/secrets.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../text/escape.ts';
import type { Logger } from '../client/logger.ts';

export { warningsAsInfo } from '../client/logger.ts';

export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
}

type AnnotationLevel = 'error' | 'warning' | 'notice';

/**
 * What the run needs from the runner. The run takes this instead of importing `@actions/core`, so the same
 * code runs in the action and against a fake in tests.
 */
export interface Toolkit {
  getInput(name: string): string;
  setSecret(value: string): void;
  setOutput(name: string, value: string): void;
  saveState(name: string, value: string): void;
  getState(name: string): string;
  debug(message: string): void;
  info(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  notice(message: string, properties?: AnnotationProperties): void;
  startGroup(name: string): void;
  endGroup(): void;
  /** Appends raw markdown/HTML to the job summary; the caller has escaped it. */
  appendSummary(markdown: string): Promise<void>;
  setFailed(message: string): void;
  /**
   * Removes every secret given to setSecret from a text, as every sink above does. For what the action writes
   * itself, outside the toolkit (the SARIF file).
   */
  scrub(text: string): string;
}

/**
 * The toolkit over `@actions/core`. Every text it writes, to any sink, passes through one scrubber holding
 * every secret given to setSecret: the masking is the action's own, not left to the runner.
 */
export function createActionsToolkit(): Toolkit {
  const scrubber = new SecretScrubber();
  const scrub = (text: string): string => scrubber.scrub(text);
  const scrubProperties = (properties?: AnnotationProperties): AnnotationProperties | undefined => {
    if (properties === undefined) return undefined;
    return {
      ...properties,
      ...(properties.title === undefined ? {} : { title: scrub(properties.title) }),
      ...(properties.file === undefined ? {} : { file: scrub(properties.file) }),
    };
  };
  const { summaryLeftOut, outputToLog } = withoutRunnerFiles();
  return {
    getInput: (name) => core.getInput(name),
    setSecret: (value) => {
      if (scrubber.has(value)) return;
      scrubber.add(value);
      core.setSecret(value);
    },
    setOutput: (name, value) => {
      if (process.env.GITHUB_OUTPUT) core.setOutput(name, scrub(value));
      else outputToLog(name, scrub(value));
    },
    saveState: (name, value) => {
      core.saveState(name, scrub(value));
    },
    getState: (name) => core.getState(name),
    debug: (message) => {
      core.debug(scrub(message));
    },
    info: (message) => {
      core.info(scrub(message));
    },
    warning: (message, properties) => {
      core.warning(scrub(message), scrubProperties(properties));
    },
    error: (message, properties) => {
      core.error(scrub(message), scrubProperties(properties));
    },
    notice: (message, properties) => {
      core.notice(scrub(message), scrubProperties(properties));
    },
    startGroup: (name) => {
      core.startGroup(scrub(name));
    },
    endGroup: () => {
      core.endGroup();
    },
    appendSummary: async (markdown) => {
      if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(scrub(markdown), true).write();
      else summaryLeftOut();
    },
    setFailed: (message) => {
      core.setFailed(scrub(message));
    },
    scrub,
  };
}

/**
 * What a step does when the runner's files are missing (a run by hand): it says so once, instead of dropping the
 * summary silently or leaving the outputs to @actions/core's fallback, the `::set-output` command GitHub deprecated.
 */
function withoutRunnerFiles(): {
  summaryLeftOut: () => void;
  outputToLog: (name: string, value: string) => void;
} {
  const summaryLeftOut = once(() => {
    core.warning(
      'GITHUB_STEP_SUMMARY is not set, so the job summary has nowhere to go and is left out (the log holds the verdict). A runner always sets it; running by hand, set it to the path of a file.',
    );
  });
  const outputsInLog = once(() => {
    core.warning(
      "GITHUB_OUTPUT is not set, so the step's outputs are written to the log as name=value lines instead. A runner always sets it; running by hand, set it to the path of a file.",
    );
  });
  return {
    summaryLeftOut,
    outputToLog: (name, value) => {
      outputsInLog();
      core.info(escapeLogLine(`${name}=${value}`));
    },
  };
}

/** `action` on the first call only. */
function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

/**
 * What a reporter may ask of the runner: only what the runner alone does (outputs, the job summary, annotations,
 * the scrubber for what it writes itself). It has no log methods: a reporter logs through the action's Logger,
 * which escapes every line once, so no reporter can write a line that skips the escaping.
 */
export interface RunnerToolkit {
  setOutput(name: string, value: string): void;
  /** Appends raw markdown/HTML to the job summary; the caller has escaped it for markdown. */
  appendSummary(markdown: string): Promise<void>;
  /** An annotation: its message is escaped here, once, for a workflow command; properties come escaped. */
  annotate(level: AnnotationLevel, message: string, properties?: AnnotationProperties): void;
  scrub(text: string): string;
}

/** The toolkit as reporters see it (see RunnerToolkit). */
export function runnerToolkit(toolkit: Toolkit): RunnerToolkit {
  return {
    setOutput: (name, value) => {
      toolkit.setOutput(name, value);
    },
    appendSummary: (markdown) => toolkit.appendSummary(markdown),
    annotate: (level, message, properties) => {
      toolkit[level](escapeAnnotationMessage(message), properties);
    },
    scrub: (text) => toolkit.scrub(text),
  };
}

/**
 * The action's log: callers pass plain text, escaped here once for a workflow command (a line break or `::`
 * cannot start a command). A warning is an annotation; the clients' routine ones go through warningsAsInfo.
 */
export function toolkitLogger(toolkit: Toolkit): Logger {
  return {
    debug: (message) => {
      toolkit.debug(escapeLogLine(message));
    },
    info: (message) => {
      toolkit.info(escapeLogLine(message));
    },
    warning: (message) => {
      toolkit.warning(escapeAnnotationMessage(message));
    },
    startGroup: (name) => {
      toolkit.startGroup(escapeLogLine(name));
    },
    endGroup: () => {
      toolkit.endGroup();
    },
  };
}
