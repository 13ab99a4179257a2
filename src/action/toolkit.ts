import * as core from '@actions/core';
import { scrubSecrets } from '../core/secrets.ts';

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
}

export function createActionsToolkit(): Toolkit {
  const secrets = new Set<string>();
  return {
    getInput: (name) => core.getInput(name),
    setSecret: (value) => {
      if (secrets.has(value)) return;
      secrets.add(value);
      core.setSecret(value);
    },
    setOutput: (name, value) => {
      core.setOutput(name, scrubSecrets(value, secrets));
    },
    saveState: (name, value) => {
      core.saveState(name, value);
    },
    getState: (name) => core.getState(name),
    debug: (message) => {
      core.debug(message);
    },
    info: (message) => {
      core.info(message);
    },
    warning: (message, properties) => {
      core.warning(message, properties);
    },
    error: (message, properties) => {
      core.error(message, properties);
    },
    notice: (message, properties) => {
      core.notice(message, properties);
    },
    startGroup: (name) => {
      core.startGroup(name);
    },
    endGroup: () => {
      core.endGroup();
    },
    appendSummary: async (markdown) => {
      // Without a summary file (a local run) there is nowhere to write; the log already holds the verdict.
      if (!process.env.GITHUB_STEP_SUMMARY) return;
      await core.summary.addRaw(scrubSecrets(markdown, secrets), true).write();
    },
    setFailed: (message) => {
      core.setFailed(message);
    },
  };
}
