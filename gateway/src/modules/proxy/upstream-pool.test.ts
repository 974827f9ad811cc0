import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@mmdm/shared/logger';
import { createUpstreamPool, parseTargetList, type UpstreamPool } from './upstream-pool.js';
import { retryPlanOf, type FailedCall } from './upstream-retry.js';

const A = 'http://127.0.0.1:1';
const B = 'http://127.0.0.1:2';
const C = 'http://127.0.0.1:3';
const logger = createLogger({ name: 'test', level: 'silent' });

const pools: UpstreamPool[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function pool(targets: string[], options: { probeIntervalMs?: number; now?: () => number } = {}): UpstreamPool {
  const created = createUpstreamPool({
    name: 'waitlist',
    targets,
    logger,
    probeIntervalMs: 0,
    downMs: 1000,
    ...options,
  });
  pools.push(created);
  return created;
}

describe('the upstream pool', () => {
  it('takes the members in turn', () => {
    const members = pool([A, B, C]);
    expect(Array.from({ length: 6 }, () => members.pick())).toEqual([A, B, C, A, B, C]);
  });

  it('skips a member marked down until its down time has passed', () => {
    let now = 0;
    const members = pool([A, B, C], { now: () => now });
    members.markDown(B);
    expect(Array.from({ length: 4 }, () => members.pick())).toEqual([A, C, A, C]);
    now = 1001;
    expect(members.isUp(B)).toBe(true);
    expect(new Set(Array.from({ length: 3 }, () => members.pick()))).toEqual(new Set([A, B, C]));
  });

  it('never offers a member twice for one request, and says when none is left', () => {
    const members = pool([A, B]);
    const tried = new Set<string>();
    const first = members.pick(tried)!;
    tried.add(first);
    const second = members.pick(tried)!;
    expect(second).not.toBe(first);
    tried.add(second);
    expect(members.pick(tried)).toBeUndefined();
  });

  it('when every member is down, still offers the one that comes back first rather than nothing', () => {
    let now = 0;
    const members = pool([A, B], { now: () => now });
    members.markDown(A);
    now = 10;
    members.markDown(B);
    expect(members.pick()).toBe(A);
    expect(members.pick(new Set([A]))).toBe(B);
  });

  it('keeps a single member in use whatever happens to it (there is nobody to route to instead)', () => {
    const members = pool([A]);
    members.markDown(A);
    expect(members.isUp(A)).toBe(true);
    expect(members.pick()).toBe(A);
    expect(members.pick(new Set([A]))).toBeUndefined();
  });

  it('takes a member whose /healthz stops answering out of rotation within a probe, and back once it answers', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const live = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dead = 'http://127.0.0.1:9'; // discard port: nothing listens, the connection is refused
    const changes: string[] = [];
    const members = createUpstreamPool({
      name: 'auth',
      targets: [live, dead],
      logger,
      probeIntervalMs: 50,
      downMs: 60_000,
      onChange: (target, up) => changes.push(`${target === live ? 'live' : 'dead'} ${up ? 'up' : 'down'}`),
    });
    pools.push(members);
    await expect.poll(() => members.isUp(dead), { timeout: 2000, interval: 20 }).toBe(false);
    expect(members.isUp(live)).toBe(true);
    expect(Array.from({ length: 3 }, () => members.pick())).toEqual([live, live, live]);

    // A member marked down by a failed call comes back at the next probe that finds it answering.
    members.markDown(live);
    expect(members.isUp(live)).toBe(false);
    await expect.poll(() => members.isUp(live), { timeout: 2000, interval: 20 }).toBe(true);
    expect(changes).toEqual(['dead down', 'live down', 'live up']);
  });

  it('reads a comma-separated list, trimming spaces, trailing slashes and repeats', () => {
    expect(parseTargetList(' http://a:1/, http://b:2,,http://a:1 ')).toEqual(['http://a:1', 'http://b:2']);
  });
});

describe('when a failed call may go to another member', () => {
  const call = (overrides: Partial<FailedCall>): FailedCall => ({
    method: 'POST',
    code: 'ECONNREFUSED',
    message: 'connect ECONNREFUSED',
    timedOut: false,
    answerStarted: false,
    bodyReplayable: true,
    ...overrides,
  });

  it('retries any method, a sign-up POST included, when the connection was refused (nothing reached the member)', () => {
    expect(retryPlanOf(call({}))).toEqual({ markDown: true, retry: true });
    expect(retryPlanOf(call({ method: 'GET', code: 'EHOSTUNREACH' }))).toEqual({ markDown: true, retry: true });
  });

  it('does not retry a refused POST whose body could not be kept', () => {
    expect(retryPlanOf(call({ bodyReplayable: false }))).toEqual({ markDown: true, retry: false });
  });

  it('retries only safe methods when the connection broke before an answer (a POST may have been acted on)', () => {
    expect(retryPlanOf(call({ code: 'ECONNRESET' }))).toEqual({ markDown: true, retry: false });
    expect(retryPlanOf(call({ method: 'GET', code: 'ECONNRESET' }))).toEqual({ markDown: true, retry: true });
    expect(retryPlanOf(call({ method: 'HEAD', code: undefined, message: 'socket hang up' }))).toEqual({
      markDown: true,
      retry: true,
    });
    expect(retryPlanOf(call({ method: 'DELETE', code: 'ECONNRESET' }))).toEqual({ markDown: true, retry: false });
  });

  it('never retries or marks down after a time-out or once the answer has started', () => {
    expect(retryPlanOf(call({ method: 'GET', code: 'ECONNRESET', timedOut: true }))).toEqual({
      markDown: false,
      retry: false,
    });
    expect(retryPlanOf(call({ method: 'GET', code: 'ECONNRESET', answerStarted: true }))).toEqual({
      markDown: false,
      retry: false,
    });
  });
});
