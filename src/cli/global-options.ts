/** The options every command takes (spec: the credential order of the official tools). */
export interface GlobalOptions {
  apiKey?: string | undefined;
  apiUrl?: string | undefined;
  json?: boolean | undefined;
}
