import { createLogger } from '@mmdm/shared/logger';
import { createMetricsRegistry } from '@mmdm/shared/metrics';
import { sampleValue } from '@mmdm/tests/support';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketsOffTheLine, buildEntry, buildToken, freshLine } from '../../testing/waitlist-factories.js';
import { eventually, startSink, startWorker, uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';
import { registerWaveBacklogMetrics } from './invitations.metrics.js';

/** The staff call invites 3 of a wave itself; the worker invites the rest (in production, 1,000). */
const BATCH = 3;

const system = useWaitlistApi({ waveBatch: BATCH });
let admin: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
});

interface Person {
  id: string;
  email: string;
}

/** `count` people confirmed through the public confirm call, in this order: #1 first. */
async function line(label: string, count: number): Promise<Person[]> {
  const people: Person[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = uniqueEmail(`${label}${index}`);
    const entry = await buildEntry(system.context.pool, { email });
    const token = await buildToken(system.context.pool, entry.id);
    const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
    expect(confirmed.body.data.position).toBe(index + 1);
    people.push({ id: entry.id, email });
  }
  return people;
}

async function invite(count: number) {
  const answer = await system.api.request('/api/admin/waitlist/invitations', {
    method: 'POST',
    token: admin,
    body: { count },
  });
  expect(answer.status).toBe(202);
  return answer.body as { waveId: number; invited: number };
}

async function statusesOf(people: Person[]): Promise<string[]> {
  const { rows } = await system.context.pool.query<{ id: string; status: string }>(
    'select id::text, status from waitlist.entries where id = any($1::bigint[])',
    [people.map((person) => person.id)],
  );
  return people.map((person) => rows.find((row) => row.id === person.id)?.status ?? 'gone');
}

async function picksLeft(): Promise<number> {
  const { rows } = await system.context.pool.query<{ n: number }>('select count(*)::int as n from waitlist.wave_picks');
  return rows[0]!.n;
}

async function invitationMails(people: Person[]): Promise<number[]> {
  const { rows } = await system.context.pool.query<{ id: string; n: number }>(
    `select entry_id::text as id, count(*)::int as n from waitlist.outbox
      where kind = 'invitation' and entry_id = any($1::bigint[]) group by 1`,
    [people.map((person) => person.id)],
  );
  return people.map((person) => rows.find((row) => row.id === person.id)?.n ?? 0);
}

async function bucketsMatchTheLine(): Promise<void> {
  expect(await bucketsOffTheLine(system.context.pool)).toEqual([]);
}

describe('a wave larger than what the staff call invites itself', () => {
  it('is accepted whole, invites its first batch at once and the rest through the worker, best places first', async () => {
    await freshLine(system.context.pool);
    const people = await line('wave', 9);

    const wave = await invite(7);
    // Accepted: the seven best places are the wave's, the first three already invited with their mails.
    expect(wave.invited).toBe(7);
    expect(await statusesOf(people)).toEqual([...Array(3).fill('invited'), ...Array(6).fill('confirmed')]);
    expect(await invitationMails(people)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(await picksLeft()).toBe(4);
    await bucketsMatchTheLine();
    const listed = await system.api.request('/api/admin/waitlist/invitations', { token: admin });
    expect(listed.body.items[0]).toMatchObject({ id: wave.waveId, requested: 7, invited: 7 });

    // The people the worker has yet to invite are no one else's: a preview and a second wave see only the two after.
    const preview = await system.api.request('/api/admin/waitlist/invitations/preview?count=5', { token: admin });
    expect(preview.body).toEqual({ matching: 2, holders: 2 });
    const second = await invite(1);
    expect(second.invited).toBe(1);
    expect(await statusesOf(people.slice(7))).toEqual(['invited', 'confirmed']);

    // What the operator's gauges say meanwhile (the worker registers the same two).
    const registry = createMetricsRegistry();
    registerWaveBacklogMetrics(registry, system.context.pool, createLogger({ name: 'test', level: 'silent' }));
    const waiting = await registry.metrics();
    expect(sampleValue(waiting, 'mmdm_wave_picks_pending')).toBe(4);
    expect(sampleValue(waiting, 'mmdm_wave_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    const sink = await startSink();
    const worker = await startWorker(system.context, { smtpUrl: sink.url });
    try {
      await eventually(async () => (await picksLeft()) === 0);
      const done = await worker.worker.registry.metrics();
      expect(sampleValue(done, 'mmdm_wave_picks_pending')).toBe(0);
      expect(sampleValue(done, 'mmdm_wave_oldest_pending_age_seconds')).toBe(0);
      expect(await statusesOf(people)).toEqual([...Array(8).fill('invited'), 'confirmed']);
      const { rows: waves } = await system.context.pool.query<{ wave: string }>(
        'select wave_id::text as wave from waitlist.entries where id = any($1::bigint[]) order by queue_seq',
        [people.slice(0, 7).map((person) => person.id)],
      );
      expect(new Set(waves.map((row) => row.wave))).toEqual(new Set([String(wave.waveId)]));
      // Exactly one invitation each, sent; the one left is #1 now.
      expect(await invitationMails(people)).toEqual([...Array(8).fill(1), 0]);
      const invitationsTo = (person: Person) =>
        sink.to(person.email).filter((mail) => mail.parsed.text?.includes('/invitation?token=')).length;
      await sink.waitFor(() => people.slice(0, 8).every((person) => invitationsTo(person) === 1));
      await bucketsMatchTheLine();
      const last = await system.api.request('/api/admin/waitlist/entries?order=place&limit=5', { token: admin });
      expect(last.body.items.map((item: { id: number }) => String(item.id))).toEqual([people[8]!.id]);
      expect(last.body.items[0].position).toBe(1);
    } finally {
      await worker.close();
      await sink.close();
    }
  }, 30_000);

  it('leaves out whoever left the line after the pick, and the wave counts only those it invited', async () => {
    await freshLine(system.context.pool);
    const people = await line('gone', 5);
    const wave = await invite(5);
    expect(wave.invited).toBe(5);
    // #5, picked but not yet invited, is erased by staff before the worker gets to the rest.
    const erased = await system.api.request(`/api/admin/waitlist/entries/${people[4]!.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(erased.status).toBeLessThan(300);

    const sink = await startSink();
    const worker = await startWorker(system.context, { smtpUrl: sink.url });
    try {
      await eventually(async () => (await picksLeft()) === 0);
    } finally {
      await worker.close();
      await sink.close();
    }
    expect(await statusesOf(people)).toEqual([...Array(4).fill('invited'), 'gone']);
    expect(await invitationMails(people.slice(0, 4))).toEqual([1, 1, 1, 1]);
    const listed = await system.api.request('/api/admin/waitlist/invitations', { token: admin });
    expect(listed.body.items[0]).toMatchObject({ id: wave.waveId, requested: 5, invited: 4 });
    await bucketsMatchTheLine();
  }, 30_000);
});
