import { request } from '@mmdm/tests/support';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorHandler, isDependencyUnavailable, notFoundHandler, UnavailableError } from './errors.js';
import { createLogger } from './logger.js';
import { jsonBody } from './service-app.js';

const logger = createLogger({ name: 'test', level: 'silent' });
let base = '';
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.post('/echo', ...jsonBody(), (req, res) => {
    res.json(z.object({ name: z.string() }).strict().parse(req.body));
  });
  app.post('/sentence', ...jsonBody(), (req, res) => {
    res.json(z.object({ email: z.string({ error: 'Enter an e-mail address.' }) }).parse(req.body));
  });
  app.get('/teapot', () => {
    throw new AppError(418, 'teapot', 'I am a teapot', undefined, { 'Retry-After': '7' });
  });
  app.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  app.get('/db-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/sign-in-down', async () => {
    throw new UnavailableError('Sign-in is unavailable right now.', {
      retryAfterSeconds: 30,
      cause: new Error('redis'),
    });
  });
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (body: string, type = 'application/json') =>
  request(base, '/echo', { method: 'POST', headers: { 'content-type': type }, body });

describe('the error middleware answers in one JSON shape', () => {
  it('names the bad field of a validation failure with a 400', async () => {
    const response = await post(JSON.stringify({ name: 3 }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'validation_error' });
    expect(response.body.message).toMatch(/^name: /);
  });

  it('answers 400 for broken JSON, 415 for another content type and 413 for a large body', async () => {
    expect((await post('{"name":')).status).toBe(400);
    expect((await post('name=x', 'application/x-www-form-urlencoded')).status).toBe(415);
    const large = await post(JSON.stringify({ name: 'x'.repeat(10_000) }));
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it.each(['br', 'gzip', 'deflate', 'x-unknown'])(
    'answers 415 for a body sent with Content-Encoding: %s',
    async (encoding) => {
      const response = await request(base, '/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"name":"x"}',
      });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ success: false, code: 'unsupported_encoding' });
    },
  );

  it('keeps the status, code and headers of an AppError', async () => {
    const response = await request(base, '/teapot');
    expect(response.status).toBe(418);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.body).toEqual({ success: false, code: 'teapot', message: 'I am a teapot' });
  });

  it('hides what went wrong inside an unexpected error', async () => {
    const response = await request(base, '/boom');
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('secret');
    expect(response.text).not.toContain('at ');
  });

  it('turns an unreachable dependency into a 503 the client may retry', async () => {
    const response = await request(base, '/db-down');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(isDependencyUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('shows a message written as a sentence for a person as it is, with its field in issues', async () => {
    const response = await request(base, '/sentence', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'validation_error',
      message: 'Enter an e-mail address.',
      issues: [{ path: 'email', message: 'Enter an e-mail address.' }],
    });
  });

  it('answers an UnavailableError with 503, its own message and Retry-After, and nothing of its cause', async () => {
    const response = await request(base, '/sign-in-down');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.body).toEqual({
      success: false,
      code: 'unavailable',
      message: 'Sign-in is unavailable right now.',
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await request(base, '/nothing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'not_found' });
  });
});
