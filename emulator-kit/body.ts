import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.ts';

/** The one body limit of both emulators: above the largest request the action sends (a SARIF upload). */
export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads a request's body as text. A body over the limit is a 413; the rest of it is read and dropped first, so
 * the client, still sending, gets the answer rather than a reset connection.
 */
export async function readRequestBody(
  request: IncomingMessage,
  limitBytes: number = BODY_LIMIT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limitBytes) chunks.push(chunk);
  }
  if (size > limitBytes) {
    throw new HttpError(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a body read as text: undefined when blank, a 400 when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(
      400,
      'invalid_json',
      `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
