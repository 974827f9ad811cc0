import { captureLogs, request } from '@mmdm/tests/support';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { requestLogging } from './request-logging.js';

const logs = captureLogs();
let base = '';
let server: Server;

beforeAll(async () => {
  const app = express();
  app.use(requestLogging(createLogger({ name: 'test', level: 'info', destination: logs.stream })));
  app.get('/fine', (_req, res) => void res.send('ok'));
  app.get('/refused', (_req, res) => void res.status(404).send('no'));
  app.get('/failed', (_req, res) => void res.status(503).send('down'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const lineFor = async (path: string) => {
  await request(base, `${path}?token=secret`);
  await expect.poll(() => logs.lines().find((line) => line.path === path)).toBeDefined();
  return logs.lines().find((line) => line.path === path)!;
};

describe('the access log', () => {
  it('writes a 2xx at info, a 4xx at info (the client’s mistake) and a 5xx at error, with fixed fields', async () => {
    expect(await lineFor('/fine')).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 200 });
    expect(await lineFor('/refused')).toMatchObject({ level: 'info', msg: 'request refused', status: 404 });
    expect(await lineFor('/failed')).toMatchObject({ level: 'error', msg: 'request failed', status: 503 });
    expect(logs.text()).not.toContain('secret');
    expect(Object.keys(await lineFor('/fine'))).toEqual(
      expect.arrayContaining(['reqId', 'method', 'path', 'status', 'ms', 'client']),
    );
  });
});
