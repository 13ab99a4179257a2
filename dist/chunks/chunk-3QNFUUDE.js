import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/cli/exit-codes.ts
var EXIT = {
  ok: 0,
  gateFailed: 1,
  usage: 2,
  config: 3,
  service: 4,
  interrupted: 130
};
var EXIT_CODE_MEANINGS = [
  [EXIT.ok, "success"],
  [
    EXIT.gateFailed,
    "svc scan: the gate failed (findings at or above --fail-on, or a module did not complete); svc fleet: at least one repository failed the gate"
  ],
  [
    EXIT.usage,
    `usage error: unknown command or flag (with a "did you mean"), or an invalid value; svc fleet: a selection of no repository, a bad or missing shard, shards' roll-ups that do not make one whole; nothing was sent`
  ],
  [
    EXIT.config,
    "configuration or authentication: no key (with the hint to log in), no URL given or an unusable one, an unusable config file, 401, 403, or a repository the service does not have; svc fleet: the key was refused, so no scan was started after that"
  ],
  [
    EXIT.service,
    "the service failed or refused the request (404, 422, 429, 5xx after retries), the scan failed, or a wait timed out; svc fleet: none failed the gate but at least one repository could not be judged (one whose scan failed among them)"
  ],
  [
    EXIT.interrupted,
    "interrupted (Ctrl-C); a scan that svc started was cancelled first (svc fleet: every scan it started)"
  ]
];
var UsageError = class extends Error {
  name = "UsageError";
};
var CommandFailure = class extends Error {
  name = "CommandFailure";
  exitCode;
  constructor(message, exitCode, options) {
    super(message, options);
    this.exitCode = exitCode;
  }
};

export {
  EXIT,
  EXIT_CODE_MEANINGS,
  UsageError,
  CommandFailure
};
//# sourceMappingURL=chunk-3QNFUUDE.js.map
