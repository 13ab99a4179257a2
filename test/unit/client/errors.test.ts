import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConfigError,
  MAX_MESSAGE_LENGTH,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  PermissionDeniedError,
  ValidationError,
  errorClassForStatus,
  errorFromResponse,
  messageFromBody,
} from '../../../src/client/errors.ts';

describe('errorClassForStatus', () => {
  it.each([
    [401, AuthError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [400, ValidationError],
    [422, ValidationError],
    [429, RateLimitError],
    [500, ServerError],
    [503, ServerError],
    [599, ServerError],
    [409, ServiceError],
    [302, ServiceError],
    [600, ServiceError],
  ])('maps %i to %s', (status, kind) => {
    expect(errorClassForStatus(status)).toBe(kind);
  });

  it('makes every kind a ServiceError and an Error', () => {
    for (const Kind of [
      AuthError,
      NotFoundError,
      ValidationError,
      RateLimitError,
      ServerError,
      ConfigError,
    ]) {
      const error = new Kind('x');
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(Kind.name);
    }
  });
});

describe('messageFromBody', () => {
  it.each([
    ['the service shape', { error: { code: 'not_found', message: 'scan not found' } }, 'scan not found'],
    ['a top-level message', { message: 'bad thing' }, 'bad thing'],
    ['a string detail', { detail: 'Not authenticated' }, 'Not authenticated'],
    [
      'a list of detail objects',
      { detail: [{ loc: ['body', 'name'], msg: 'field required' }, { msg: 'too long' }] },
      'body.name: field required; too long',
    ],
    ['a string error', { error: 'rate limited' }, 'rate limited'],
    ['plain text', '  Bad   Gateway\n', 'Bad Gateway'],
  ])('reads %s', (_name, body, expected) => {
    expect(messageFromBody(body)).toBe(expected);
  });

  it.each([[{}], [{ detail: [{ nope: 1 }] }], [''], [null], [42], [['a']], [{ error: { code: 'x' } }]])(
    'finds no message in %j',
    (body) => {
      expect(messageFromBody(body)).toBeUndefined();
    },
  );

  it('truncates a long message', () => {
    const message = messageFromBody('x'.repeat(5000));
    expect(message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(message?.endsWith('…')).toBe(true);
  });
});

describe('errorFromResponse', () => {
  it('prefixes the method and path and keeps status, body and request id', () => {
    const body = { error: { code: 'not_found', message: 'scan not found' } };
    const error = errorFromResponse({
      method: 'GET',
      path: '/scans/abc',
      statusCode: 404,
      body,
      requestId: 'req-1',
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('GET /scans/abc failed with 404: scan not found');
    expect(error.statusCode).toBe(404);
    expect(error.body).toBe(body);
    expect(error.requestId).toBe('req-1');
  });

  it('falls back to the status text when the body says nothing', () => {
    const error = errorFromResponse({ method: 'POST', path: '/scans', statusCode: 503, body: '' });
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('POST /scans failed with 503: Service Unavailable');
  });

  it('carries Retry-After on a rate limit error', () => {
    const error = errorFromResponse({
      method: 'GET',
      path: '/me',
      statusCode: 429,
      body: '',
      retryAfterMs: 2000,
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 2000 });
  });
});
