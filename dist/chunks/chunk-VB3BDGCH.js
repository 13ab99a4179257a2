import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FleetUsageError
} from "./chunk-NJWLJWJA.js";

// src/fleet/run-id.ts
var RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
function fleetRunId(given, env, flag) {
  if (given !== void 0) {
    const id = given.trim();
    if (!RUN_ID.test(id))
      throw new FleetUsageError(
        `${flag} is invalid: got '${given}'; expected an id of letters, digits, '.', '_', ':' or '-' (at most 128), such as the CI's run id.`
      );
    return id;
  }
  for (const name of ["GITHUB_RUN_ID", "CI_PIPELINE_ID"]) {
    const value = env[name]?.trim() ?? "";
    if (RUN_ID.test(value)) return value;
  }
  return null;
}

export {
  fleetRunId
};
//# sourceMappingURL=chunk-VB3BDGCH.js.map
