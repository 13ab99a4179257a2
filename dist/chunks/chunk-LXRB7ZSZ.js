import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FIX_SUGGESTIONS_DELIVERED
} from "./chunk-AJMDYKUH.js";
import {
  LIMITS
} from "./chunk-JAMHECB7.js";
import {
  booleanInput,
  numberInput,
  rangeText,
  schemaOf
} from "./chunk-DTE7QE2B.js";
import {
  describeFeature
} from "./chunk-JTBHCSTL.js";

// src/fix-suggestions/fix-suggestions-manifest.ts
var FIX_SUGGESTIONS_PERMISSIONS = {
  feature: "fix suggestions",
  needs: [{ scope: "pull-requests", access: "write" }]
};
var FIX_SUGGESTIONS_MANIFEST = describeFeature({
  name: "fix suggestions",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {
    suggestFixes: booleanInput({
      name: "suggest-fixes",
      default: "true",
      description: "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write.",
      schema: schemaOf.boolean("Post fixes as suggested changes on the pull request.")
    }),
    maxSuggestions: numberInput(
      {
        name: "max-suggestions",
        default: "20",
        description: `Most suggestions posted in one run, and most finding details read for fixes (${rangeText(LIMITS.maxSuggestions)}).`,
        schema: schemaOf.number("Most suggestions posted in one run.", LIMITS.maxSuggestions, true)
      },
      LIMITS.maxSuggestions,
      true
    )
  },
  settle: void 0,
  outputs: {},
  permissions: [FIX_SUGGESTIONS_PERMISSIONS],
  deliveryKeys: [FIX_SUGGESTIONS_DELIVERED],
  needs: ["github", "pull-request", "fixes of failing findings"],
  beforeVerdict: void 0,
  reporter: () => import("./fix-suggestions-reporter-EFH6YI6F.js").then((module) => module.fixSuggestionsFactory)
});

export {
  FIX_SUGGESTIONS_PERMISSIONS,
  FIX_SUGGESTIONS_MANIFEST
};
//# sourceMappingURL=chunk-LXRB7ZSZ.js.map
