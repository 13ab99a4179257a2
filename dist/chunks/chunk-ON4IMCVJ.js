import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/github/token-account.ts
var VIEWER_QUERY = `query Viewer {
  viewer { login databaseId }
}`;
var GITHUB_COM_WORKFLOW_ACCOUNT = {
  known: true,
  id: 41898282,
  login: "github-actions[bot]"
};
var GITHUB_COM = "https://github.com";
var TokenAccount = class {
  #client;
  #origin;
  #reading;
  constructor(client, origin) {
    this.#client = client;
    this.#origin = origin;
  }
  identity() {
    this.#reading ??= readViewer(this.#client).then(
      (identity) => identity.known ? identity : withoutViewer(this.#origin, identity.reason)
    );
    return this.#reading;
  }
};
function withoutViewer(origin, reason) {
  const unnamed = `GitHub did not name the token's account (${reason})`;
  if (!origin.isWorkflowToken) return { known: false, reason: unnamed };
  if (origin.serverUrl.replace(/\/+$/, "").toLowerCase() === GITHUB_COM) return GITHUB_COM_WORKFLOW_ACCOUNT;
  return {
    known: false,
    reason: `${unnamed}, and the workflow token's account id is known in advance only on github.com, not on ${origin.serverUrl}`
  };
}
function isTokenAccount(identity, accountId) {
  return identity.known && typeof accountId === "number" && accountId === identity.id;
}
async function readViewer(client) {
  try {
    const data = await client.graphql(
      VIEWER_QUERY,
      {}
    );
    const id = accountIdOf(data.viewer?.databaseId);
    const login = data.viewer?.login;
    return id !== void 0 ? { known: true, id, login: typeof login === "string" ? login : `account ${id}` } : { known: false, reason: "GitHub named no account id for the token" };
  } catch (error) {
    return { known: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
function accountIdOf(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : void 0;
}

export {
  TokenAccount,
  isTokenAccount,
  accountIdOf
};
//# sourceMappingURL=chunk-ON4IMCVJ.js.map
