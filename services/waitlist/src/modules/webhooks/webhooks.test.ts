import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import type { Redis } from 'ioredis';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEntries, buildEntry, buildToken } from '../../testing/waitlist-factories.js';
import { eventually, uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';
import { createAuditService } from '../audit/audit.service.js';
import { createRetention } from '../retention/retention.service.js';
import { resolveServiceKeys } from '../../lib/service-keys.js';
import { startWebhookDispatcher, type DisabledEndpoint, type WebhookDispatcher } from './webhook-dispatcher.js';
import { createWebhookSecretSeal, type WebhookSecretSeal } from './webhook-secret-seal.js';
import { sealStoredSecrets } from './webhooks.service.js';
import { DeliveryError, MAX_BODY_BYTES, postWebhook, signedHeaders } from './webhook-sender.js';
import { addressRefusal, checkTarget, parseTarget, type Resolve } from './webhook-target.js';

/** The app's receiver: a real HTTP server on loopback, trusted through WEBHOOK_ALLOWED_HOSTS by its port. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  answer: Answer;
}
type Answer = 'ok' | 'fail' | 'hang' | 'redirect';

class Receiver {
  server: Server | undefined;
  received: Received[] = [];
  /** Decides each request's answer, in arrival order. */
  next: (request: { path: string; body: string }) => Answer = () => 'ok';
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const answer = path === '/moved' ? 'ok' : this.next({ path, body });
        this.received.push({ path, headers: req.headers, body, answer });
        if (answer === 'hang') return;
        if (answer === 'redirect') {
          res.writeHead(302, { location: `http://127.0.0.1:${this.port}/moved` }).end('moved');
          return;
        }
        res.writeHead(answer === 'ok' ? 204 : 500, { 'content-type': 'text/plain' });
        res.end(answer === 'ok' ? '' : `receiver is down ${'x'.repeat(500)}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Messages received (whatever was answered) for one entry, in arrival order. */
  forEntry(entryId: string): { type: string; answer: Answer; id: string }[] {
    return this.received
      .map((request) => ({ request, parsed: JSON.parse(request.body) as { type: string; data: { entryId?: string } } }))
      .filter(({ parsed }) => parsed.data.entryId === entryId)
      .map(({ request, parsed }) => ({
        type: parsed.type,
        answer: request.answer,
        id: String(request.headers['webhook-id']),
      }));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const receiver = new Receiver();
beforeAll(async () => {
  await receiver.start();
});
afterAll(() => receiver.close());

/** The API's resolver: `rebind.test` answers a public address when an endpoint is saved. */
const publicAnswer: Resolve = async (hostname) =>
  hostname === 'rebind.test'
    ? [{ address: '93.184.216.34', family: 4 }]
    : (await import('node:dns/promises')).lookup(hostname, { all: true });

const system = useWaitlistApi({
  envAtStart: () => ({ WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` }),
  webhookResolve: publicAnswer,
});

let admin: string;
let viewer: string;
let producer: Redis;
let consumer: Redis;
let dispatcher: WebhookDispatcher;
const disabled: DisabledEndpoint[] = [];
let seal: WebhookSecretSeal;
/** The dispatcher's resolver: `rebind.test` answers loopback now. */
const loopbackAnswer: Resolve = async (hostname) =>
  hostname === 'rebind.test'
    ? [{ address: '127.0.0.1', family: 4 }]
    : (await import('node:dns/promises')).lookup(hostname, { all: true });

beforeAll(async () => {
  admin = await system.staff.sign('admin', { email: 'admin@mmdm.test' });
  viewer = await system.staff.sign('viewer');
  producer = createRedis(system.api.config.redis, 'producer');
  consumer = createRedis(system.api.config.redis, 'worker');
  const audit = createAuditService({ pool: system.context.pool });
  // The key the API uses: generated once and kept in the file's database (WEBHOOK_SECRET_KEY is unset in tests).
  seal = createWebhookSecretSeal((await resolveServiceKeys(system.context.pool, { webhook: undefined })).webhook);
  dispatcher = startWebhookDispatcher({
    pool: system.context.pool,
    producer,
    consumer,
    bullPrefix: `${system.api.config.redis.prefix}:bull`,
    logger: createLogger({ name: 'webhooks-test', level: 'silent' }),
    policy: { ...system.api.config.webhooks, resolve: loopbackAnswer },
    seal,
    auditChange: (client, actor, action, target, details) => audit.change(client, actor, action, target, details),
    onEndpointDisabled: (endpoint) => void disabled.push(endpoint),
    intervalMs: 50,
    // Retries within the test's time: the schedule's shape, in tenths of a second.
    retryDelaysS: [0.2, 0.3, 0.4],
    timeoutMs: 700,
  });
});
afterAll(async () => {
  await dispatcher?.stop();
  producer?.disconnect();
  consumer?.disconnect();
});

beforeEach(async () => {
  // Each test has its own endpoints: the earlier ones go (with their owed deliveries).
  await system.context.pool.query('delete from waitlist.webhook_endpoints');
  receiver.received = [];
  receiver.next = () => 'ok';
});

interface Created {
  id: string;
  secret: string;
  url: string;
  events: string[];
}

async function createEndpoint(url = receiver.url(), events?: string[]): Promise<Created> {
  const answer = await system.api.request('/api/admin/webhooks', {
    method: 'POST',
    token: admin,
    body: {
      url,
      events: events ?? ['entry.confirmed', 'entry.invited', 'entry.admitted', 'entry.erased', 'city.opened'],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Created;
}

/** A person confirmed through the public confirm call. */
async function confirmedPerson(label: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(label);
  const entry = await buildEntry(system.context.pool, { email });
  const token = await buildToken(system.context.pool, entry.id);
  const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
  expect(confirmed.status).toBe(200);
  return { id: entry.id, email };
}

/** Invites exactly this person (the best place holder of a city of their own), then admits them by their link. */
async function inviteAndAdmit(person: { id: string }): Promise<void> {
  const city = await system.api.request('/api/admin/waitlist/cities', {
    method: 'POST',
    token: admin,
    body: { name: `Hooktown ${person.id}` },
  });
  expect(city.status).toBe(201);
  const cityId = (city.body as { id: number }).id;
  await system.context.pool.query('update waitlist.entries set city_id = $2 where id = $1', [person.id, cityId]);
  const wave = await system.api.request('/api/admin/waitlist/invitations', {
    method: 'POST',
    token: admin,
    body: { count: 1, city: cityId },
  });
  expect(wave.status).toBe(202);
  const invite = await buildToken(system.context.pool, person.id, { purpose: 'invite' });
  const accepted = await system.api.request('/waitlist/invitation/accept', {
    method: 'POST',
    body: { token: invite.raw },
  });
  expect(accepted.status).toBe(200);
}

async function deliveriesOf(endpointId: string) {
  const answer = await system.api.request(`/api/admin/webhooks/${endpointId}/deliveries`, { token: admin });
  expect(answer.status).toBe(200);
  return (
    answer.body as {
      items: {
        id: string;
        state: string;
        lastStatus: number | null;
        lastError: string | null;
        lastBody: string | null;
        type: string;
        messageId: string;
      }[];
    }
  ).items;
}

function verified(secret: string, request: Received): { type: string; data: Record<string, unknown> } {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers) as { type: string; data: Record<string, unknown> };
}

describe('managing endpoints', () => {
  it('is for admins only: a viewer gets 403 from every call', async () => {
    const endpoint = await createEndpoint();
    const calls: [string, string, object?][] = [
      ['POST', '/api/admin/webhooks', { url: receiver.url(), events: ['entry.confirmed'] }],
      ['GET', '/api/admin/webhooks'],
      ['POST', `/api/admin/webhooks/${endpoint.id}/rotate`],
      ['POST', `/api/admin/webhooks/${endpoint.id}/enabled`, { enabled: false }],
      ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
      ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/admin/webhooks/${endpoint.id}/deliveries/1/redeliver`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await system.api.request(path, { method, token: viewer, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses a body it cannot use with 400', async () => {
    for (const body of [
      { url: receiver.url(), events: [] },
      { url: receiver.url(), events: ['entry.deleted'] },
      { url: receiver.url(), events: ['entry.invited', 'entry.invited'] },
      { url: receiver.url() },
      { url: 'not a url', events: ['entry.invited'] },
      { url: `ftp://127.0.0.1:${receiver.port}/`, events: ['entry.invited'] },
      { url: `http://user:pw@127.0.0.1:${receiver.port}/`, events: ['entry.invited'] },
      { url: receiver.url(), events: ['entry.invited'], secret: 'mine' },
    ]) {
      const answer = await system.api.request('/api/admin/webhooks', { method: 'POST', token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await system.api.request('/api/admin/webhooks/999999999/rotate', {
      method: 'POST',
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses every private, loopback, link-local and metadata address, literal or behind a name', async () => {
    const refused = [
      'http://127.0.0.1:9/',
      `http://127.0.0.1:${receiver.port + 1}/`, // loopback, on a port WEBHOOK_ALLOWED_HOSTS does not name
      'http://10.1.2.3/',
      'http://172.16.5.4/',
      'http://192.168.1.10/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://[::1]/',
      'http://[fd00:ec2::254]/',
      'http://[fc00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::]/',
      // A name that resolves to 127.0.0.1 (and ::1).
      `http://localhost:${receiver.port}/`,
    ];
    for (const url of refused) {
      const answer = await system.api.request('/api/admin/webhooks', {
        method: 'POST',
        token: admin,
        body: { url, events: ['entry.invited'] },
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toMatchObject({ code: 'webhook_url_refused' });
    }
    const { rows } = await system.context.pool.query('select url from waitlist.webhook_endpoints');
    expect(rows).toEqual([]);
  });

  it('classifies addresses with ipaddr.js: only public unicast passes', () => {
    expect(addressRefusal('93.184.216.34')).toBeUndefined();
    expect(addressRefusal('2606:2800:220:1:248:1893:25c8:1946')).toBeUndefined();
    expect(addressRefusal('169.254.169.254')).toBe('linkLocal');
    expect(addressRefusal('fd00:ec2::254')).toBe('uniqueLocal');
    expect(addressRefusal('::ffff:8.8.8.8')).toBe('ipv4Mapped');
    expect(addressRefusal('100.100.100.200')).toBe('carrierGradeNat');
  });

  it('accepts only https:// in production', async () => {
    const production = { httpsOnly: true, allowedHosts: [] };
    expect(() => parseTarget('http://93.184.216.34/hooks', production)).toThrow(/Only https/);
    expect(parseTarget('https://93.184.216.34/hooks', production).href).toBe('https://93.184.216.34/hooks');
    await expect(checkTarget('https://10.0.0.8/', production)).rejects.toThrow(/private/);
  });

  it('shows the secret once: in the creation and the rotation answers, never in the list or the audit log', async () => {
    const endpoint = await createEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const rotated = await system.api.request(`/api/admin/webhooks/${endpoint.id}/rotate`, {
      method: 'POST',
      token: admin,
    });
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body as { secret: string }).secret;
    expect(newSecret).not.toBe(endpoint.secret);
    const list = await system.api.request('/api/admin/webhooks', { token: admin });
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).toContain(endpoint.id);
    expect(text).not.toContain(endpoint.secret.slice(6, 20));
    expect(text).not.toContain(newSecret.slice(6, 20));
    const { rows } = await system.context.pool.query<{ action: string; details: unknown; actor_email: string }>(
      `select action, details, actor_email from waitlist.audit_log where target = $1 and action like 'webhook.%'
        order by id`,
      [endpoint.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['webhook.create', 'webhook.rotate']);
    expect(rows[0]!.actor_email).toBe('admin@mmdm.test');
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret.slice(6, 20));
    expect(JSON.stringify(rows)).not.toContain(newSecret.slice(6, 20));
  });

  it('disables, enables and deletes, each audited', async () => {
    const endpoint = await createEndpoint();
    const off = await system.api.request(`/api/admin/webhooks/${endpoint.id}/enabled`, {
      method: 'POST',
      token: admin,
      body: { enabled: false },
    });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'staff' });
    // Disabled: nothing is recorded for it.
    const person = await confirmedPerson('hook-off');
    const { rows: none } = await system.context.pool.query(
      `select 1 from waitlist.webhook_events where entry_id = $1`,
      [person.id],
    );
    expect(none).toEqual([]);
    const on = await system.api.request(`/api/admin/webhooks/${endpoint.id}/enabled`, {
      method: 'POST',
      token: admin,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    const gone = await system.api.request(`/api/admin/webhooks/${endpoint.id}`, { method: 'DELETE', token: admin });
    expect(gone.status).toBe(204);
    const { rows } = await system.context.pool.query<{ action: string }>(
      `select action from waitlist.audit_log where target = $1 and action like 'webhook.%' order by id`,
      [endpoint.id],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'webhook.create',
      'webhook.disable',
      'webhook.enable',
      'webhook.delete',
    ]);
  });
});

describe('delivery', () => {
  it('sends confirmed, invited and admitted in order, each verified by the standardwebhooks package', async () => {
    const endpoint = await createEndpoint();
    const person = await confirmedPerson('hook-order');
    await inviteAndAdmit(person);
    await eventually(async () => receiver.forEntry(person.id).length === 3);
    const requests = receiver.received.filter((request) => request.body.includes(`"entryId":"${person.id}"`));
    const events = requests.map((request) => verified(endpoint.secret, request));
    expect(events.map((event) => event.type)).toEqual(['entry.confirmed', 'entry.invited', 'entry.admitted']);
    // Ids, and the address only where the app needs it to find the person: nothing else of the entry.
    expect(Object.keys(events[0]!.data).sort()).toEqual(['cityId', 'confirmedAt', 'entryId']);
    expect(Object.keys(events[1]!.data).sort()).toEqual(['cityId', 'email', 'entryId', 'invitedAt', 'waveId']);
    expect(Object.keys(events[2]!.data).sort()).toEqual(['admittedAt', 'cityId', 'email', 'entryId']);
    expect(events[1]!.data.email).toBe(person.email);
    expect(events[0]!.data).not.toHaveProperty('email');
    // Every message its own id; the log shows each delivered with the last answer.
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(3);
    // The receiver holds the last message before its sender has recorded the answer: the log is read once it has.
    await eventually(async () => (await deliveriesOf(endpoint.id)).every((delivery) => delivery.state !== 'pending'));
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((delivery) => [delivery.type, delivery.state, delivery.lastStatus])).toEqual([
      ['entry.admitted', 'delivered', 204],
      ['entry.invited', 'delivered', 204],
      ['entry.confirmed', 'delivered', 204],
    ]);
  });

  it('sends city.opened when a city crosses its threshold and opens, in the opening transaction', async () => {
    const endpoint = await createEndpoint(undefined, ['city.opened']);
    const city = await system.api.request('/api/admin/waitlist/cities', {
      method: 'POST',
      token: admin,
      body: { name: `Opentown ${Date.now()}` },
    });
    const cityId = (city.body as { id: number }).id;
    const set = await system.api.request(`/api/admin/waitlist/cities/${cityId}`, {
      method: 'PATCH',
      token: admin,
      body: { openingThreshold: 1, firstWaveSize: 1, openMode: 'auto' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const entry = await buildEntry(system.context.pool, { email: uniqueEmail('hook-city') });
    const token = await buildToken(system.context.pool, entry.id);
    expect((await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } })).status).toBe(
      200,
    );
    const chosen = await system.api.request('/waitlist/city', { method: 'POST', body: { token: token.raw, cityId } });
    expect(chosen.status).toBe(200);
    const opened = () =>
      receiver.received.filter(
        (request) => request.body.includes('"city.opened"') && request.body.includes(`"cityId":${cityId}`),
      );
    await eventually(async () => opened().length === 1);
    const event = verified(endpoint.secret, opened()[0]!);
    expect(event.type).toBe('city.opened');
    expect(event.data).toMatchObject({ cityId, invited: 1 });
    // Ids and figures only: no person's address rides along.
    expect(JSON.stringify(event.data)).not.toContain('@');
  });

  it('keeps secrets sealed at rest; one stored before sealing is sealed at start and still signs', async () => {
    const endpoint = await createEndpoint();
    const stored = async () =>
      (
        await system.context.pool.query<{ secret: string; previous: string | null }>(
          'select secret, previous_secret as previous from waitlist.webhook_endpoints where id = $1',
          [endpoint.id],
        )
      ).rows[0]!;
    // A dump of the table holds no working secret: the sealed value, never the `whsec_…` one.
    const sealed = await stored();
    expect(sealed.secret).toMatch(/^v1:/);
    expect(JSON.stringify(sealed)).not.toContain(endpoint.secret.slice(6, 20));
    expect(seal.open(sealed.secret)).toBe(endpoint.secret);

    // An endpoint as migration 026 found it: its secrets stored as given, the old one still in its 24 hours.
    const older = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    await system.context.pool.query(
      `update waitlist.webhook_endpoints set secret = $2, previous_secret = $3,
              previous_secret_until = now() + interval '1 hour' where id = $1`,
      [endpoint.id, endpoint.secret, older],
    );
    expect(await sealStoredSecrets(system.context.pool, seal)).toBeGreaterThanOrEqual(1);
    expect(await sealStoredSecrets(system.context.pool, seal)).toBe(0);
    const resealed = await stored();
    expect(resealed.secret).toMatch(/^v1:/);
    expect(resealed.previous).toMatch(/^v1:/);
    expect(seal.open(resealed.previous!)).toBe(older);
    const person = await confirmedPerson('hook-sealed');
    await eventually(async () => receiver.forEntry(person.id).length === 1);
    const request = receiver.received.find((r) => r.body.includes(`"entryId":"${person.id}"`))!;
    expect(verified(endpoint.secret, request).type).toBe('entry.confirmed');
    expect(verified(older, request).type).toBe('entry.confirmed');

    // Under another key nothing opens: the delivery fails (and is retried), nothing is signed with a guess.
    const other = createWebhookSecretSeal(Buffer.alloc(32, 1).toString('base64'));
    expect(() => other.open(resealed.secret)).toThrow(/cannot be opened/);
  });

  it('signs with both secrets for 24 hours after a rotation, each verifying on its own', async () => {
    const endpoint = await createEndpoint();
    const rotated = await system.api.request(`/api/admin/webhooks/${endpoint.id}/rotate`, {
      method: 'POST',
      token: admin,
    });
    const newSecret = (rotated.body as { secret: string; previousSecretUntil: string }).secret;
    const until = Date.parse((rotated.body as { previousSecretUntil: string }).previousSecretUntil);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const person = await confirmedPerson('hook-rotate');
    await eventually(async () => receiver.forEntry(person.id).length === 1);
    const request = receiver.received.find((r) => r.body.includes(`"entryId":"${person.id}"`))!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(newSecret, request).type).toBe('entry.confirmed');
    expect(verified(endpoint.secret, request).type).toBe('entry.confirmed');
    // Once the 24 hours are over, only the new one signs.
    await system.context.pool.query(
      `update waitlist.webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1`,
      [endpoint.id],
    );
    const later = await confirmedPerson('hook-rotated');
    await eventually(async () => receiver.forEntry(later.id).length === 1);
    const next = receiver.received.find((r) => r.body.includes(`"entryId":"${later.id}"`))!;
    expect(String(next.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(newSecret, next).type).toBe('entry.confirmed');
    expect(() => verified(endpoint.secret, next)).toThrow();
  });

  it('retries while the receiver fails (500s, then a time-out) and keeps each entry in order until it recovers', async () => {
    const endpoint = await createEndpoint();
    // Down for the first entry's first five attempts: three 500s, a hang past the time-out, a 500; then up.
    let failures = 0;
    let target: string | undefined;
    receiver.next = ({ body }) => {
      const entryId = (JSON.parse(body) as { data: { entryId: string } }).data.entryId;
      target ??= entryId;
      if (entryId !== target) return 'ok';
      failures += 1;
      if (failures <= 3 || failures === 5) return 'fail';
      if (failures === 4) return 'hang';
      return 'ok';
    };
    const first = await confirmedPerson('hook-retry');
    await eventually(async () => receiver.received.length > 0);
    expect(target).toBe(first.id);
    const other = await confirmedPerson('hook-retry-other');
    await inviteAndAdmit(first);
    await eventually(
      async () => receiver.forEntry(first.id).filter((message) => message.answer === 'ok').length === 3,
      20_000,
    );
    const attempts = receiver.forEntry(first.id);
    // Nothing of this entry was sent while its confirmation was still owed: the order of first attempts holds.
    const order = ['entry.confirmed', 'entry.invited', 'entry.admitted'];
    const seen = attempts.map((message) => order.indexOf(message.type));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(attempts.slice(0, 6).every((message) => message.type === 'entry.confirmed')).toBe(true);
    // Each message answered 2xx exactly once, with the same id on every attempt.
    const delivered = attempts.filter((message) => message.answer === 'ok');
    expect(delivered.map((message) => message.type)).toEqual(order);
    expect(new Set(attempts.filter((m) => m.type === 'entry.confirmed').map((m) => m.id)).size).toBe(1);
    // Another entry was not held back by this one's failures.
    expect(receiver.forEntry(other.id).filter((message) => message.answer === 'ok')).toHaveLength(1);
    const log = await deliveriesOf(endpoint.id);
    const confirmation = log.find((d) => d.type === 'entry.confirmed' && d.state === 'delivered');
    expect(confirmation).toBeDefined();
    const { rows } = await system.context.pool.query<{ attempts: number; failing_since: Date | null }>(
      `select d.attempts, ep.failing_since from waitlist.webhook_deliveries d
         join waitlist.webhook_endpoints ep on ep.id = d.endpoint_id
         join waitlist.webhook_events ev on ev.id = d.event_id
        where d.endpoint_id = $1 and ev.entry_id = $2 and ev.type = 'entry.confirmed'`,
      [endpoint.id, first.id],
    );
    expect(rows[0]!.attempts).toBe(6);
    expect(rows[0]!.failing_since).toBeNull();
  }, 30_000);

  it('does not follow a redirect: a 3xx is a failed attempt, and the new location is never asked', async () => {
    const endpoint = await createEndpoint(receiver.url('/hooks'));
    receiver.next = () => 'redirect';
    const person = await confirmedPerson('hook-redirect');
    await eventually(async () => {
      const log = await deliveriesOf(endpoint.id);
      return log[0]?.lastStatus === 302 ? log : undefined;
    });
    const log = await deliveriesOf(endpoint.id);
    expect(log[0]).toMatchObject({ state: 'pending', lastStatus: 302, lastError: 'redirect not followed' });
    expect(receiver.received.some((request) => request.path === '/moved')).toBe(false);
    expect(receiver.forEntry(person.id).length).toBeGreaterThan(0);
  });

  it('keeps the last answer in the log (status, time, a short excerpt) and sends a message again when asked', async () => {
    const endpoint = await createEndpoint();
    receiver.next = () => 'fail';
    const person = await confirmedPerson('hook-log');
    await eventually(async () => (await deliveriesOf(endpoint.id))[0]?.lastStatus === 500);
    const failing = (await deliveriesOf(endpoint.id))[0]!;
    expect(failing.lastBody).toMatch(/^receiver is down x+$/);
    expect(failing.lastBody!.length).toBeLessThanOrEqual(200);
    receiver.next = () => 'ok';
    await eventually(async () => (await deliveriesOf(endpoint.id))[0]?.state === 'delivered');
    const before = receiver.forEntry(person.id).length;
    const again = await system.api.request(`/api/admin/webhooks/${endpoint.id}/deliveries/${failing.id}/redeliver`, {
      method: 'POST',
      token: admin,
    });
    expect(again.status).toBe(202);
    await eventually(async () => receiver.forEntry(person.id).length === before + 1);
    const messages = receiver.forEntry(person.id);
    expect(messages.at(-1)!.id).toBe(failing.messageId);
    expect(verified(endpoint.secret, receiver.received.at(-1)!).type).toBe('entry.confirmed');
    const missing = await system.api.request(`/api/admin/webhooks/${endpoint.id}/deliveries/1/redeliver`, {
      method: 'POST',
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('disables an endpoint that has failed for 3 days, audits it and tells the admins', async () => {
    const endpoint = await createEndpoint();
    receiver.next = () => 'fail';
    await confirmedPerson('hook-dead');
    await eventually(async () => (await deliveriesOf(endpoint.id))[0]?.lastStatus === 500);
    // Three days of failures, moved in time: the endpoint's first failure and the delivery's deadline.
    await system.context.pool.query(
      `update waitlist.webhook_endpoints set failing_since = now() - interval '72 hours 1 minute' where id = $1`,
      [endpoint.id],
    );
    await eventually(async () => disabled.some((entry) => entry.id === endpoint.id));
    const list = await system.api.request('/api/admin/webhooks', { token: admin });
    const shown = (list.body as { items: { id: string; enabled: boolean; disabledReason: string }[] }).items.find(
      (item) => item.id === endpoint.id,
    );
    expect(shown).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const { rows } = await system.context.pool.query<{ action: string; actor_role: string; details: unknown }>(
      `select action, actor_role, details from waitlist.audit_log where target = $1 and action = 'webhook.disable'`,
      [endpoint.id],
    );
    expect(rows).toEqual([
      { action: 'webhook.disable', actor_role: 'system', details: { reason: 'failing', url: endpoint.url } },
    ]);
    // The admins are told, by a mail queued with the disabling.
    const alerts = await system.context.pool.query<{ topic: string; subject: string }>(
      `select topic, details->>'subject' as subject from waitlist.admin_alerts where topic = 'webhook.disabled'
        and details->'paragraphs'->>0 like '%' || $1 || '%'`,
      [endpoint.url],
    );
    expect(alerts.rows).toEqual([
      { topic: 'webhook.disabled', subject: 'A webhook endpoint was disabled after 3 days of failed deliveries' },
    ]);
    // Disabled: no further attempt.
    const attempts = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.received.length).toBe(attempts);
  });

  it('gives a delivery up once its 3 days are over, and the next of the entry goes', async () => {
    const endpoint = await createEndpoint();
    const person = await confirmedPerson('hook-giveup');
    receiver.next = ({ body }) => (body.includes('entry.confirmed') ? 'fail' : 'ok');
    await eventually(async () => (await deliveriesOf(endpoint.id))[0]?.lastStatus === 500);
    await system.context.pool.query(
      `update waitlist.webhook_deliveries set give_up_at = now() where endpoint_id = $1`,
      [endpoint.id],
    );
    await inviteAndAdmit(person);
    await eventually(async () => receiver.forEntry(person.id).filter((m) => m.answer === 'ok').length === 2);
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((d) => [d.type, d.state])).toEqual([
      ['entry.admitted', 'delivered'],
      ['entry.invited', 'delivered'],
      ['entry.confirmed', 'failed'],
    ]);
  });
});

describe('fan-out', () => {
  it('delivers each of many events to each endpoint that takes it, twice only after an attempt that timed out', async () => {
    const first = await createEndpoint(receiver.url('/a'), ['entry.confirmed']);
    const second = await createEndpoint(receiver.url('/b'), ['entry.confirmed', 'entry.invited']);
    await createEndpoint(receiver.url('/c'), ['entry.invited']);
    const count = 300;
    // One statement confirms them all: the trigger records one event per entry, two deliveries each.
    const rows = await buildEntries(
      system.context.pool,
      Array.from({ length: count }, (_, n) => ({ email: uniqueEmail(`fan${n}`) })),
    );
    await system.context.pool.query(
      `update waitlist.entries set status = 'confirmed', confirmed_at = now() where id = any($1::bigint[])`,
      [rows.map((row) => row.id)],
    );
    const ids = new Set(rows.map((row) => row.id));
    const at = (path: string) =>
      receiver.received.filter((request) => request.path === path && ids.has(JSON.parse(request.body).data.entryId));
    await eventually(async () => at('/a').length >= count && at('/b').length >= count, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [path, endpoint] of [
      ['/a', first],
      ['/b', second],
    ] as const) {
      const received = at(path);
      const times = new Map<string, number>();
      for (const request of received) {
        const id = String(request.headers['webhook-id']);
        times.set(id, (times.get(id) ?? 0) + 1);
      }
      expect(times.size).toBe(count);
      // At least once, as promised: an attempt the sender gave up waiting for (700 ms here, on a loaded machine) is
      // sent again under the same webhook-id. A second copy without such a recorded attempt would be a real duplicate.
      const { rows } = await system.context.pool.query<{ messageId: string; attempts: number }>(
        `select ev.message_id as "messageId", d.attempts
           from waitlist.webhook_deliveries d join waitlist.webhook_events ev on ev.id = d.event_id
          where d.endpoint_id = $1`,
        [endpoint.id],
      );
      const attempts = new Map(rows.map((row) => [row.messageId, row.attempts]));
      const repeatedWithoutRetry = [...times].filter(([id, n]) => n > 1 && n > (attempts.get(id) ?? 0));
      expect(repeatedWithoutRetry).toEqual([]);
      expect(received.every((request) => verified(endpoint.secret, request).type === 'entry.confirmed')).toBe(true);
    }
    expect(receiver.received.some((request) => request.path === '/c')).toBe(false);
  }, 90_000);
});

describe('addresses checked again at the connect', () => {
  it('refuses a name whose answer changed to loopback between the check and the connect (DNS rebinding)', async () => {
    // Saved while rebind.test answered a public address...
    const endpoint = await createEndpoint(`http://rebind.test:${receiver.port}/hooks`);
    const person = await confirmedPerson('hook-rebind');
    // ...sent while it answers 127.0.0.1: refused at the connect, the receiver never asked.
    const refused = await eventually(async () =>
      (await deliveriesOf(endpoint.id)).find((delivery) => delivery.type === 'entry.confirmed' && delivery.lastError),
    );
    expect(refused).toMatchObject({ state: 'pending', lastStatus: null });
    expect(refused.lastError).toMatch(/loopback/);
    expect(receiver.forEntry(person.id)).toEqual([]);
    expect((await deliveriesOf(endpoint.id)).every((delivery) => delivery.lastStatus === null)).toBe(true);
  });

  it('checks the address the socket connects to: a lookup answering public first, loopback on the connect', async () => {
    let asked = 0;
    const changing: Resolve = async () => [{ address: asked++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const before = receiver.received.length;
    await expect(
      postWebhook({
        url: `http://changing.test:${receiver.port}/hooks`,
        body: '{}',
        headers: signedHeaders(['whsec_dGVzdA=='], 'msg_1', 1, '{}'),
        policy: { httpsOnly: false, allowedHosts: [], resolve: changing },
      }),
    ).rejects.toThrow(/loopback/);
    expect(asked).toBe(2);
    expect(receiver.received.length).toBe(before);
  });

  it('sends no body over 64 kB', async () => {
    const before = receiver.received.length;
    const body = JSON.stringify({ data: 'x'.repeat(MAX_BODY_BYTES) });
    const sent = postWebhook({
      url: receiver.url(),
      body,
      headers: {},
      policy: { httpsOnly: false, allowedHosts: [`127.0.0.1:${receiver.port}`] },
    });
    await expect(sent).rejects.toBeInstanceOf(DeliveryError);
    await expect(sent).rejects.toMatchObject({ permanent: true });
    expect(receiver.received.length).toBe(before);
  });
});

describe('entry.erased for every erasure path', () => {
  async function erasedEvents(entryId: string) {
    const { rows } = await system.context.pool.query<{ type: string; data: unknown }>(
      `select type, data from waitlist.webhook_events where entry_id = $1 order by id`,
      [entryId],
    );
    return rows;
  }

  it('staff deletion, the person’s own erasure, unsubscribe retention: each records entry.erased with the id only', async () => {
    await createEndpoint(receiver.url(), ['entry.erased', 'entry.invited']);
    // Staff.
    const byStaff = await confirmedPerson('erase-staff');
    const deleted = await system.api.request(`/api/admin/waitlist/entries/${byStaff.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(deleted.status).toBe(204);
    // The person, from "Your data".
    const byThemselves = await confirmedPerson('erase-self');
    const link = await buildToken(system.context.pool, byThemselves.id, { purpose: 'data_access' });
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token: link.raw } });
    expect(opened.status).toBe(200);
    const erased = await system.api.request('/waitlist/your-data/erase', {
      method: 'POST',
      body: { session: (opened.body as { session: string }).session },
    });
    expect(erased.status).toBe(200);
    // Retention, after an unsubscribe.
    const unsubscribed = await confirmedPerson('erase-retention');
    await system.context.pool.query(
      `update waitlist.entries set status = 'unsubscribed', unsubscribed_at = now() - interval '10 days' where id = $1`,
      [unsubscribed.id],
    );
    const retention = createRetention({
      pool: system.context.pool,
      audit: createAuditService({ pool: system.context.pool }),
      logger: createLogger({ name: 'retention-test', level: 'silent' }),
      rules: { unsubscribedHours: 1, unconfirmedHours: 100_000, auditDays: 100_000, contactDays: 100_000 },
      suppressionKey: 'k'.repeat(32),
      // Retention's own erasure (the worker wires in the entries module's): the rows go.
      erase: async (client, ids) => {
        const { rowCount } = await client.query('delete from waitlist.entries where id = any($1::bigint[])', [ids]);
        return { erased: rowCount ?? 0, creditsTakenBack: 0 };
      },
    });
    await retention.runOnce();

    for (const person of [byStaff, byThemselves, unsubscribed]) {
      expect(await erasedEvents(person.id), person.email).toEqual([
        { type: 'entry.erased', data: { entryId: person.id } },
      ]);
      await eventually(async () => receiver.forEntry(person.id).some((m) => m.type === 'entry.erased'));
    }
  });

  it('forgets the address of events already delivered when the entry is erased', async () => {
    await createEndpoint(receiver.url(), ['entry.invited', 'entry.admitted', 'entry.erased']);
    const person = await confirmedPerson('erase-forget');
    await inviteAndAdmit(person);
    await eventually(async () => receiver.forEntry(person.id).length === 2);
    await eventually(async () => {
      const { rows } = await system.context.pool.query(
        `select 1 from waitlist.webhook_deliveries d join waitlist.webhook_events ev on ev.id = d.event_id
          where ev.entry_id = $1 and d.state = 'pending'`,
        [person.id],
      );
      return rows.length === 0;
    });
    await system.api.request(`/api/admin/waitlist/entries/${person.id}`, { method: 'DELETE', token: admin });
    const { rows } = await system.context.pool.query<{ data: string }>(
      `select data::text from waitlist.webhook_events where entry_id = $1`,
      [person.id],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.data).not.toContain(person.email);
  });
});
