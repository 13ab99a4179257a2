import type { IncomingMessage } from 'node:http';
import { invalidJson, payloadTooLarge } from './errors.ts';

/** Reads a request body and parses it as JSON: undefined when empty, 400 when not JSON, 413 when too large. */
export async function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw payloadTooLarge(limitBytes);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : String(error));
  }
}
