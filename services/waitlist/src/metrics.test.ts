import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleValue, scrape } from '@mmdm/tests/support';
import { describe, expect, it } from 'vitest';
import {
  confirmTokenIn,
  createTestContext,
  eventually,
  startApi,
  startSink,
  startWorker,
  uniqueEmail,
  useWaitlistApi,
} from './testing/waitlist-harness.js';

/** A local port nothing listens on: the mail server is "down" (connection refused), a temporary failure. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The worker's /metrics, on its own port as in production (the harness does not listen by default). */
async function listenWorker(app: Parameters<typeof createServer>[1]) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  return {
    scrape: () => scrape(url),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the waitlist API /metrics', () => {
  const system = useWaitlistApi();

  const metrics = () => scrape(`${system.api.url}/metrics`);

  it('answers in Prometheus text format with the process, pool, Redis and readiness series', async () => {
    const text = await metrics();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'mmdm_pg_pool_connections_in_use',
      'mmdm_pg_pool_connections_idle',
      'mmdm_pg_pool_waiting_requests',
      'mmdm_signups_total',
      'mmdm_confirmations_total',
    ]) {
      expect(sampleValue(text, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(text, 'mmdm_redis_connected', { connection: 'producer' })).toBe(1);
    expect(sampleValue(text, 'mmdm_ready')).toBe(1);
  });

  it('counts a sign-up, and every answer by route template, method and status, with its duration', async () => {
    const route = { route: '/waitlist', method: 'POST', status: '200' };
    const before = await metrics();
    expect(
      (await system.api.request('/waitlist', { method: 'POST', body: { email: uniqueEmail('counted') } })).status,
    ).toBe(200);
    expect((await system.api.request('/waitlist', { method: 'POST', body: { email: 'not an address' } })).status).toBe(
      400,
    );
    expect((await system.api.request('/nowhere/42')).status).toBe(404);
    // A refused staff call: the route template is the full path, even though the error left the mounted router.
    expect((await system.api.request('/api/admin/waitlist/entries/17', { method: 'DELETE' })).status).toBe(401);
    const after = await metrics();

    expect(sampleValue(after, 'mmdm_signups_total')).toBe((sampleValue(before, 'mmdm_signups_total') ?? 0) + 1);
    const count = (text: string, labels: Record<string, string>) =>
      sampleValue(text, 'http_requests_total', labels) ?? 0;
    expect(count(after, route)).toBe(count(before, route) + 1);
    expect(count(after, { ...route, status: '400' })).toBe(count(before, { ...route, status: '400' }) + 1);
    expect(count(after, { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(count(after, { route: '/api/admin/waitlist/entries/:id', method: 'DELETE', status: '401' })).toBe(1);
    expect(sampleValue(after, 'http_request_duration_seconds_count', route)).toBe(count(after, route));
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      count(after, route),
    );
    // Raw paths never become label values (one series per visitor-invented URL would exhaust Prometheus).
    expect(after).not.toContain('/nowhere/42');
    // Probes and scrapes are not traffic: they would dilute the 5xx ratio.
    expect(after).not.toMatch(/http_requests_total\{route="\/(metrics|healthz|readyz)"/);
  });

  it('reports not ready, and Redis disconnected, while Redis is unreachable', async () => {
    const down = await startApi(system.context);
    try {
      down.redis.disconnect();
      const text = await eventually(async () => {
        const current = await scrape(`${down.url}/metrics`);
        return sampleValue(current, 'mmdm_redis_connected', { connection: 'producer' }) === 0 && current;
      });
      expect(sampleValue(text, 'mmdm_ready')).toBe(0);
    } finally {
      await down.close();
    }
  });
});

describe('the worker /metrics', () => {
  it('counts the mail sent and the confirmation, and the outbox and queue drain to 0', async () => {
    const context = await createTestContext();
    const sink = await startSink();
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: sink.url });
    const endpoint = await listenWorker(worker.worker.app);
    try {
      const email = uniqueEmail('drained');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      await sink.waitFor(() => sink.to(email).length === 1);
      const text = await eventually(async () => {
        const current = await endpoint.scrape();
        return sampleValue(current, 'mmdm_mails_sent_total') === 1 && current;
      });
      expect(sampleValue(text, 'mmdm_outbox_unsent_rows')).toBe(0);
      expect(sampleValue(text, 'mmdm_outbox_unrelayed_rows')).toBe(0);
      expect(sampleValue(text, 'mmdm_outbox_oldest_unsent_age_seconds')).toBe(0);
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(sampleValue(text, 'mmdm_mail_queue_jobs', { state }), state).toBe(0);
      expect(sampleValue(text, 'mmdm_mail_retries_total')).toBe(0);
      expect(sampleValue(text, 'mmdm_mails_failed_total')).toBe(0);
      expect(sampleValue(text, 'mmdm_redis_connected', { connection: 'consumer' })).toBe(1);
      expect(sampleValue(text, 'mmdm_ready')).toBe(1);
      expect(sampleValue(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

      const confirmed = await api.request('/waitlist/confirm', {
        method: 'POST',
        body: { token: confirmTokenIn(sink.to(email)[0]!.parsed.text ?? '') },
      });
      expect(confirmed.status).toBe(200);
      expect(sampleValue(await scrape(`${api.url}/metrics`), 'mmdm_confirmations_total')).toBe(1);
    } finally {
      await endpoint.close();
      await worker.close();
      await api.close();
      await sink.close();
      await context.close();
    }
  });

  it('shows the age of the oldest owed mail and the retries while the mail server is down', async () => {
    const context = await createTestContext();
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const endpoint = await listenWorker(worker.worker.app);
    try {
      await api.request('/waitlist', { method: 'POST', body: { email: uniqueEmail('stuck') } });
      // As if the mail had been owed for ten minutes: what the "oldest row > 5 min" alert looks at.
      await context.pool.query(`update waitlist.outbox set created_at = now() - interval '10 minutes'`);
      const text = await eventually(async () => {
        const current = await endpoint.scrape();
        return (sampleValue(current, 'mmdm_mail_retries_total') ?? 0) >= 1 && current;
      });
      expect(sampleValue(text, 'mmdm_outbox_unsent_rows')).toBe(1);
      expect(sampleValue(text, 'mmdm_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(600);
      const queued = ['waiting', 'active', 'delayed'].map(
        (state) => sampleValue(text, 'mmdm_mail_queue_jobs', { state }) ?? 0,
      );
      expect(queued.reduce((a, b) => a + b)).toBe(1);
      expect(sampleValue(text, 'mmdm_mails_sent_total')).toBe(0);
    } finally {
      await endpoint.close();
      await worker.close();
      await api.close();
      await context.close();
    }
  });

  it('counts a mail given up after its last attempt, and keeps it in the failed set', async () => {
    const context = await createTestContext();
    const api = await startApi(context);
    const worker = await startWorker(context, {
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      env: { MAIL_ATTEMPTS: '2', MAIL_BACKOFF_MS: '10' },
    });
    const endpoint = await listenWorker(worker.worker.app);
    try {
      await api.request('/waitlist', { method: 'POST', body: { email: uniqueEmail('given-up') } });
      const text = await eventually(async () => {
        const current = await endpoint.scrape();
        return sampleValue(current, 'mmdm_mails_failed_total') === 1 && current;
      });
      expect(sampleValue(text, 'mmdm_mail_retries_total')).toBe(1);
      expect(sampleValue(text, 'mmdm_mail_queue_jobs', { state: 'failed' })).toBe(1);
    } finally {
      await endpoint.close();
      await worker.close();
      await api.close();
      await context.close();
    }
  });
});
