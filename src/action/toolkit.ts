import * as core from '@actions/core';
import { SecretScrubber } from '../core/secrets.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import type { Logger } from '../client/logger.ts';

export { warningsAsInfo } from '../client/logger.ts';

export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
}

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
  return {
    getInput: (name) => core.getInput(name),
    setSecret: (value) => {
      if (scrubber.has(value)) return;
      scrubber.add(value);
      core.setSecret(value);
    },
    setOutput: (name, value) => {
      core.setOutput(name, scrub(value));
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
      // Without a summary file (a local run) there is nowhere to write; the log already holds the verdict.
      if (!process.env.GITHUB_STEP_SUMMARY) return;
      await core.summary.addRaw(scrub(markdown), true).write();
    },
    setFailed: (message) => {
      core.setFailed(scrub(message));
    },
    scrub,
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
