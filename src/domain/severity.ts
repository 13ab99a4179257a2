/**
 * The severities live in the client (`src/client/severity.ts`), the lowest room, so the client imports no other
 * folder; the core speaks them from here as well.
 */
export * from '../client/severity.ts';
