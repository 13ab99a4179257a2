#!/usr/bin/env node
import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  EXIT
} from "./chunks/chunk-3QNFUUDE.js";
import {
  watchTermination
} from "./chunks/chunk-KY6MOU6A.js";
import "./chunks/chunk-RIUXWCXC.js";

// src/cli/main.ts
import { homedir } from "node:os";

// src/cli/closed-output.ts
function toleratingClosedReader(stream) {
  let closed = false;
  stream.on("error", () => {
    closed = true;
  });
  return {
    get isTTY() {
      return stream.isTTY;
    },
    get closed() {
      return closed;
    },
    write(text) {
      if (closed) return;
      try {
        stream.write(text);
      } catch {
        closed = true;
      }
    }
  };
}

// src/cli/node-version.ts
var MINIMUM_NODE_VERSION = "22.19.0";
function isSupportedNode(version, minimum = MINIMUM_NODE_VERSION) {
  const have = version.split(".").map(Number);
  const need = minimum.split(".").map(Number);
  for (let index = 0; index < need.length; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
function unsupportedNodeMessage(version, args = []) {
  const command = ["npx -p node@24 -p svc-scan-action svc", ...args.map(shellWord)].join(" ");
  return `svc: needs Node.js ${MINIMUM_NODE_VERSION} or later; this is Node.js ${version}. To run it on Node.js 24 without installing anything: ${command}
Or install a current LTS release from https://nodejs.org/en/download (or with a version manager: nvm install --lts), then run svc again.`;
}

// src/cli/main.ts
if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(`${unsupportedNodeMessage(process.versions.node, process.argv.slice(2))}
`);
  process.exit(EXIT.config);
}
var { runCli } = await import(
  /* webpackMode: "eager" */
  "./chunks/cli-423HRXJP.js"
);
var termination = watchTermination(process);
try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: toleratingClosedReader(process.stdout),
    stderr: toleratingClosedReader(process.stderr),
    signal: termination.signal,
    now: () => performance.timeOrigin + performance.now()
  });
} finally {
  termination.dispose();
}
//# sourceMappingURL=cli.js.map
