import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ServiceClient,
  resolveCredentials
} from "./chunk-7XQMF33P.js";

// src/action/service-connection.ts
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
  return new ServiceClient({
    apiKey: credentials.apiKey,
    baseUrl: credentials.baseUrl,
    ...input.logger ? { logger: input.logger } : {},
    ...input.maxRetries === void 0 ? {} : { maxRetries: input.maxRetries },
    ...input.dispatcher ? { dispatcher: input.dispatcher } : {}
  });
}

export {
  connectToService
};
//# sourceMappingURL=chunk-3P7AL55C.js.map
