import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/run/signals.ts
var EXIT_CODE_INTERRUPTED = 130;
function watchTermination(process) {
  const controller = new AbortController();
  let first;
  const onSignal = (name) => {
    if (first) {
      process.exit(EXIT_CODE_INTERRUPTED);
    }
    first = name;
    controller.abort(new Error(`received ${name}`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    received: () => first,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  };
}
function graceAfter(signal, graceMs) {
  const controller = new AbortController();
  let timer;
  const start = () => {
    timer = setTimeout(() => {
      controller.abort(signal.reason);
    }, graceMs);
  };
  if (signal.aborted) start();
  else signal.addEventListener("abort", start, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      signal.removeEventListener("abort", start);
      clearTimeout(timer);
    }
  };
}

export {
  EXIT_CODE_INTERRUPTED,
  watchTermination,
  graceAfter
};
//# sourceMappingURL=chunk-KY6MOU6A.js.map
