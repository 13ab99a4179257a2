import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ServiceClient,
  resolveCredentials
} from "./chunk-DTJGZLIT.js";
import {
  ConfigError
} from "./chunk-4FZBDBB5.js";

// src/action/service-connection.ts
var URL_SOURCES = {
  argument: "from the api-url input",
  environment: "from SVC_API_URL",
  "config-file": "from ~/.svc/config.toml",
  default: "the built-in placeholder"
};
var KEY_SOURCES = {
  environment: "from SVC_API_KEY",
  "config-file": "from ~/.svc/config.toml"
};
var SET_API_URL = "set api-url to your service's base URL, e.g. `api-url: ${{ vars.SVC_API_URL }}`";
function connectToService(input) {
  const credentials = resolveCredentials({
    apiKey: input.apiKey,
    baseUrl: input.apiUrl,
    env: input.env,
    homeDir: input.homeDir,
    ...input.logger ? { logger: input.logger } : {},
    baseUrlArgumentLabel: "from the 'api-url' input"
  });
  input.toolkit.setSecret(credentials.apiKey);
  const refusal = serviceRefusal(credentials, input.eventName);
  if (refusal !== void 0) throw new ConfigError(refusal);
  input.log.info(`Service URL: ${credentials.baseUrl} (${URL_SOURCES[credentials.baseUrlSource]}).`);
  return new ServiceClient({
    apiKey: credentials.apiKey,
    baseUrl: credentials.baseUrl,
    ...input.logger ? { logger: input.logger } : {},
    ...input.maxRetries === void 0 ? {} : { maxRetries: input.maxRetries },
    ...input.rateLimitWaitMs === void 0 ? {} : { rateLimitWaitMs: input.rateLimitWaitMs },
    ...input.dispatcher ? { dispatcher: input.dispatcher } : {}
  });
}
function serviceRefusal(credentials, eventName) {
  const { baseUrl, baseUrlSource: source } = credentials;
  if (eventName === "pull_request_target" && source !== "argument") {
    const found = source === "default" ? "" : ` The URL ${URL_SOURCES[source]} (${baseUrl}) was refused.`;
    return `api-url is empty, and on pull_request_target the action takes the service URL from the api-url input only: SVC_API_URL and ~/.svc/config.toml can be set by an earlier step of the job, which may have run the pull request's code.${found} Nothing was sent: ${SET_API_URL}.`;
  }
  if (eventName === "pull_request_target" && credentials.apiKeySource !== "argument") {
    return `api-key is empty, and on pull_request_target the action takes the API key from the api-key input only: the key ${KEY_SOURCES[credentials.apiKeySource]} can be set by an earlier step of the job, which may have run the pull request's code. Nothing was sent: set api-key, e.g. \`api-key: \${{ secrets.SVC_API_KEY }}\`.`;
  }
  if (source !== "default") return void 0;
  return `api-url is empty and neither SVC_API_URL nor ~/.svc/config.toml gives a URL, so the built-in placeholder ${baseUrl} would be used, where no service answers. Nothing was sent: ${SET_API_URL}.`;
}

export {
  connectToService
};
//# sourceMappingURL=chunk-AMZKIOQD.js.map
