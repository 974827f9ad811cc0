import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http.js';
import { startSystem, type System } from './support/system.js';
import { uniqueEmail } from '../support/unique-email.js';

/** The bound the gateway promises for a request to arrive (10 s, checked every second), with room for a busy runner. */
const CUT_WITHIN_MS = 15_000;
/** How long the test waits before it gives up on a cut (the old gateway held such requests 60–90 s). */
const GIVE_UP_MS = 25_000;
const TRICKLE_EVERY_MS = 5_000;

let system: System;

beforeAll(async () => {
  // No nginx in front, as under `npm start`: the gateway is the first to read from the network.
  system = await startSystem({ apiEnv: { SIGNUP_RATE_LIMIT: '1000' } });
});

afterAll(async () => {
  await system?.close();
});

interface Trickle {
  /** Milliseconds from the first byte until the gateway closed the connection (undefined: still open at give-up). */
  cutAfterMs: Promise<number | undefined>;
  /** Everything the gateway wrote back. */
  answer: () => string;
}

/**
 * A client that sends `head` at once and then one more byte of `rest` every 5 s: the slow-loris pattern, against
 * the header block (`rest` is more headers) or the body (`head` ends the headers and announces a body).
 */
function trickle(port: number, head: string, rest: string): Trickle {
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  const socket: Socket = connect(port, '127.0.0.1');
  const started = performance.now();
  const cutAfterMs = new Promise<number | undefined>((resolve) => {
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, GIVE_UP_MS);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve(performance.now() - started);
    });
  });
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.on('connect', () => {
    socket.write(head);
    let next = 0;
    timer = setInterval(() => {
      if (next < rest.length && !socket.destroyed) socket.write(rest[next++]!);
    }, TRICKLE_EVERY_MS);
  });
  return { cutAfterMs, answer: () => received };
}

describe('slow requests without nginx in front', () => {
  it('a body or a header block trickled one byte every 5 s is cut with a 408 within 15 s, and five of them stall nobody', async () => {
    const port = system.gateway.port;
    const body = JSON.stringify({ email: 'slow-loris@example.com', referralSource: 'x'.repeat(30) });
    const slowBodies = Array.from({ length: 5 }, () =>
      trickle(
        port,
        `POST /waitlist HTTP/1.1\r\nHost: slow.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      ),
    );
    const slowHeaders = trickle(port, 'GET / HTTP/1.1\r\nHost: slow.test\r\n', 'X-Slow: 1234567890\r\n\r\n');
    const cuts = Promise.all([...slowBodies, slowHeaders].map((slow) => slow.cutAfterMs));

    // Meanwhile, ordinary visitors sign up and load pages; every one of them must be answered promptly.
    const ordinary: Promise<{ status: number; ms: number }>[] = [];
    let done = false;
    void cuts.then(() => (done = true));
    const started = performance.now();
    while (!done && performance.now() - started < GIVE_UP_MS) {
      const n = ordinary.length;
      ordinary.push(
        request(system.gateway.url, '/waitlist', {
          method: 'POST',
          body: { email: uniqueEmail(`meanwhile-${n}`) },
          timeoutMs: 5_000,
        }),
        request(system.gateway.url, '/', { timeoutMs: 5_000 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const cutAfter = await cuts;
    for (const [index, ms] of cutAfter.entries()) {
      expect(ms, `slow request ${index} was still open after ${GIVE_UP_MS} ms`).toBeDefined();
      expect(ms!).toBeLessThanOrEqual(CUT_WITHIN_MS);
    }
    for (const slow of [...slowBodies, slowHeaders]) {
      expect(slow.answer()).toMatch(/^HTTP\/1.1 408 /);
      expect(slow.answer()).toContain('"code":"request_timeout"');
      expect(slow.answer()).toContain('X-Content-Type-Options: nosniff');
    }
    // Nothing of the slow sign-ups reached the list: the body never arrived whole.
    const { rows } = await system.context.pool.query(
      "select 1 from waitlist.entries where email = 'slow-loris@example.com'",
    );
    expect(rows).toHaveLength(0);

    const answers = await Promise.all(ordinary);
    expect(answers.length).toBeGreaterThanOrEqual(20);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(2_000);
  });
});
