import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  booleanInput,
  textOf
} from "./chunk-DTE7QE2B.js";
import {
  describeFeature
} from "./chunk-JTBHCSTL.js";

// src/code-scanning/code-scanning-upload-manifest.ts
var UPLOAD_PERMISSIONS = {
  feature: "`upload-sarif`",
  needs: [
    { scope: "security-events", access: "write" },
    { scope: "actions", access: "read", only: "on private repositories" }
  ],
  besides: ["GitHub Advanced Security on private repositories"]
};
var TRIAGE_PERMISSIONS = {
  feature: "`code-scanning-triage`",
  needs: [
    { scope: "security-events", access: "read", for: "to honour dismissals" },
    { scope: "security-events", access: "write", for: "to dismiss and reopen" }
  ]
};
var triageInput = {
  name: "code-scanning-triage",
  default: "",
  description: "Triage both ways: a code scanning alert a person dismissed takes a finding out of the gate only at its exact place, no more severe than the alert, and never one a pull request introduces (listed with who, when and why); alerts of findings the policy suppresses are dismissed with its reason (reopened when the entry goes), those the default branch has by its own run only. Needs security-events: read (write to dismiss). Empty: on when upload-sarif is.",
  parse: (value, problems, origin) => textOf(value) === "" ? void 0 : booleanInput({ name: "code-scanning-triage", default: "", description: "" }).parse(
    value,
    problems,
    origin
  )
};
var CODE_SCANNING_UPLOAD_MANIFEST = describeFeature({
  name: "code scanning upload",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {
    uploadSarif: booleanInput({
      name: "upload-sarif",
      default: "false",
      description: "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout). Fleet mode: each judged repository's SARIF to its own code scanning, for its default branch at the scanned commit (needs GitHub credentials with security_events write).",
      // The fleet uploads each repository's SARIF too (src/fleet/fleet-manifest.ts takes this input).
      faces: ["one-scan", "fleet"]
    }),
    waitForProcessing: booleanInput({
      name: "wait-for-processing",
      default: "true",
      description: "After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors."
    }),
    codeScanningTriage: triageInput
  },
  settle: (own) => ({
    ...own,
    codeScanningTriage: own.codeScanningTriage ?? own.uploadSarif
  }),
  outputs: {
    "sarif-id": "Id of the SARIF upload to code scanning (empty when nothing was uploaded).",
    "analysis-url": "GitHub's address of the code scanning analyses the upload made (empty unless processing completed)."
  },
  permissions: [UPLOAD_PERMISSIONS],
  deliveryKeys: [],
  needs: ["github", "every finding at or above the floor"],
  beforeVerdict: TRIAGE_PERMISSIONS,
  reporter: () => import("./code-scanning-upload-reporter-LVINA6NU.js").then((module) => module.codeScanningUploadFactory)
});

export {
  UPLOAD_PERMISSIONS,
  TRIAGE_PERMISSIONS,
  CODE_SCANNING_UPLOAD_MANIFEST
};
//# sourceMappingURL=chunk-VEUFIVSE.js.map
