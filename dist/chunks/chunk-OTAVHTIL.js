import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  choiceInput,
  schemaOf
} from "./chunk-DTE7QE2B.js";
import {
  describeFeature
} from "./chunk-JTBHCSTL.js";

// src/report/pr-comment/pr-comment-manifest.ts
var PR_COMMENT_MODES = ["always", "on-failure", "never"];
var PR_COMMENT_PERMISSIONS = {
  feature: "the pull request comment",
  needs: [{ scope: "pull-requests", access: "write" }]
};
var PR_COMMENT_MANIFEST = describeFeature({
  name: "pull request comment",
  stage: "view",
  faces: ["one-scan"],
  inputs: {
    prComment: choiceInput(
      {
        name: "pr-comment",
        default: "on-failure",
        description: "The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never.",
        schema: schemaOf.oneOf("The sticky pull request comment.", PR_COMMENT_MODES)
      },
      PR_COMMENT_MODES
    )
  },
  settle: void 0,
  outputs: { "comment-url": "Address of the pull request comment created or updated (empty when none)." },
  permissions: [PR_COMMENT_PERMISSIONS],
  deliveryKeys: [],
  needs: ["github", "pull-request", "findings shown"],
  beforeVerdict: void 0,
  reporter: () => import("./pr-comment-reporter-Z2JOVLKJ.js").then((module) => module.prCommentFactory)
});

export {
  PR_COMMENT_PERMISSIONS,
  PR_COMMENT_MANIFEST
};
//# sourceMappingURL=chunk-OTAVHTIL.js.map
