import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  CHECK_RUN_DELIVERED
} from "./chunk-RUECQSS5.js";
import {
  ANNOTATIONS_DELIVERED
} from "./chunk-YX3WZ7YO.js";
import {
  LIMITS
} from "./chunk-JAMHECB7.js";
import {
  numberInput,
  rangeText,
  schemaOf
} from "./chunk-DTE7QE2B.js";
import {
  describeFeature
} from "./chunk-JTBHCSTL.js";

// src/report/check-run/check-run-manifest.ts
var CHECK_RUN_PERMISSIONS = {
  feature: "the check run and its annotations",
  needs: [{ scope: "checks", access: "write" }]
};
var CHECK_RUN_MANIFEST = describeFeature({
  name: "check run",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {
    maxAnnotations: numberInput(
      {
        name: "max-annotations",
        default: "1000",
        description: `Most findings annotated through the check run, most severe first (${rangeText(LIMITS.maxAnnotations)}).`,
        schema: schemaOf.number(
          "Most findings annotated through the check run.",
          LIMITS.maxAnnotations,
          true
        )
      },
      LIMITS.maxAnnotations,
      true
    )
  },
  settle: void 0,
  outputs: {
    "check-run-id": "Id of the check run created (empty when none).",
    "check-run-url": "Address of the check run created (empty when none)."
  },
  permissions: [CHECK_RUN_PERMISSIONS],
  deliveryKeys: [CHECK_RUN_DELIVERED, ANNOTATIONS_DELIVERED],
  needs: ["github", "findings shown"],
  beforeVerdict: void 0,
  reporter: () => import("./check-run-reporter-2K5RJBZV.js").then((module) => module.checkRunFactory)
});

export {
  CHECK_RUN_PERMISSIONS,
  CHECK_RUN_MANIFEST
};
//# sourceMappingURL=chunk-RNKFLICK.js.map
