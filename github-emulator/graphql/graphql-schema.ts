import { schema as published } from '@octokit/graphql-schema';
import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * GitHub's published GraphQL schema (`@octokit/graphql-schema`, pinned): every document the emulator receives is
 * validated against it and executed on it, so a query the real API would refuse is refused here too.
 */

let schema: GraphQLSchema | undefined;

export function gitHubSchema(): GraphQLSchema {
  schema ??= buildSchema(published.idl, { assumeValidSDL: true });
  return schema;
}
