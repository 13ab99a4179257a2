// The modules of undici the service's client loads on their own (http-stack.ts): undici publishes types
// only for its index, so these name what the index re-exports from them.
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const Agent: typeof EnvHttpProxyAgent;
  export default Agent;
}

declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const PlainAgent: typeof Agent;
  export default PlainAgent;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const Base: typeof Dispatcher;
  export default Base;
}

declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici';
  function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  export default connect;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
