import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/code-scanning/sarif-upload.ts
var PROCESSING_POLL_MS = 5e3;
function encodeSarif(sarif) {
  const { gzipSync } = process.getBuiltinModule("node:zlib");
  return gzipSync(typeof sarif === "string" ? Buffer.from(sarif, "utf8") : sarif).toString("base64");
}
async function uploadSarif(client, target, sarif) {
  const response = await client.request("POST /repos/{owner}/{repo}/code-scanning/sarifs", {
    owner: target.owner,
    repo: target.repo,
    commit_sha: target.commitSha,
    ref: target.ref,
    sarif: encodeSarif(sarif)
  });
  const id = response.data.id;
  if (typeof id !== "string" || id === "") throw new Error("GitHub accepted the upload but gave no id");
  return id;
}
async function readProcessing(client, target, id) {
  const response = await client.request("GET /repos/{owner}/{repo}/code-scanning/sarifs/{sarif_id}", {
    owner: target.owner,
    repo: target.repo,
    sarif_id: id
  });
  const data = response.data;
  const status = data.processing_status;
  return {
    status: status === "complete" || status === "failed" ? status : "pending",
    errors: Array.isArray(data.errors) ? data.errors.filter((e) => typeof e === "string") : [],
    analysesUrl: typeof data.analyses_url === "string" ? data.analyses_url : void 0
  };
}
async function waitForProcessing(client, target, id, options) {
  let last = { status: "pending", errors: [], analysesUrl: void 0 };
  const maxPolls = options.maxPolls ?? Number.POSITIVE_INFINITY;
  try {
    for (let polls = 0; polls < maxPolls; polls++) {
      if (polls > 0) await options.sleep(options.pollMs ?? PROCESSING_POLL_MS, options.signal);
      options.onPoll?.();
      last = await readProcessing(client, target, id);
      if (last.status !== "pending") return last;
    }
    return last;
  } catch (error) {
    if (options.signal.aborted) return last;
    throw error;
  }
}

export {
  uploadSarif,
  waitForProcessing
};
//# sourceMappingURL=chunk-OIP5DKJP.js.map
