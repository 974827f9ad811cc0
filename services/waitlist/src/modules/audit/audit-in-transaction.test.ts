import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntry } from '../../testing/waitlist-factories.js';
import { createTestContext, type TestContext } from '../../testing/waitlist-harness.js';
import { createEntriesService } from '../entries/entries.service.js';
import { createPlacesService } from '../places/places.service.js';
import { createAuditService, type AuditActor, type AuditService } from './audit.service.js';

/*
 * A staff change and its audit row commit or roll back together: the row is written with the change's own
 * transaction, never after it. Proven on real Postgres with an audit service that fails on purpose.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const actor: AuditActor & { requestId: string } = {
  actorSub: 'staff-tx-test',
  actorEmail: 'staff@example.com',
  actorRole: 'admin',
  ip: '127.0.0.1',
  requestId: randomUUID(),
};

/** The real audit service, with `change` replaced. */
function auditWith(change: AuditService['change']): AuditService {
  return { ...createAuditService({ pool: context.pool }), change };
}

async function auditRows(action: string, target: string) {
  const { rows } = await context.pool.query<{ id: string }>(
    'select id from waitlist.audit_log where action = $1 and target = $2',
    [action, target],
  );
  return rows;
}

function entriesServiceWith(audit: AuditService) {
  return createEntriesService({
    pool: context.pool,
    databaseUrl: context.databaseUrl,
    suppressionKey: 'k'.repeat(32),
    maxConcurrentExports: 1,
    audit,
  });
}

describe('a staff change and its audit row are one transaction', () => {
  it('an erasure that fails after its audit row was written leaves the entry and no audit row', async () => {
    const entry = await buildEntry(context.pool);
    const real = createAuditService({ pool: context.pool });
    const entries = entriesServiceWith(
      auditWith(async (...args) => {
        await real.change(...args);
        // The row is in the transaction now; the change fails after it.
        throw new Error('failed after the audit row');
      }),
    );

    await expect(entries.erase(entry.id, actor)).rejects.toThrow('failed after the audit row');

    expect(await auditRows('entry.delete', entry.id)).toEqual([]);
    const { rowCount } = await context.pool.query('select 1 from waitlist.entries where id = $1', [entry.id]);
    expect(rowCount).toBe(1);
  });

  it('a city whose audit row cannot be written is not created', async () => {
    const name = `Audit-${randomUUID().slice(0, 8)}`;
    const places = createPlacesService({
      pool: context.pool,
      publicUrl: 'http://localhost',
      maxCredits: 10,
      audit: auditWith(() => Promise.reject(new Error('audit log unavailable'))),
    });

    await expect(places.createCity(name, 0, actor)).rejects.toThrow('audit log unavailable');

    const { rowCount } = await context.pool.query('select 1 from waitlist.cities where name = $1', [name]);
    expect(rowCount).toBe(0);
  });

  it('the same erasure with a working audit commits both', async () => {
    const entry = await buildEntry(context.pool);
    const entries = entriesServiceWith(createAuditService({ pool: context.pool }));

    await entries.erase(entry.id, actor);

    expect(await auditRows('entry.delete', entry.id)).toHaveLength(1);
    const { rowCount } = await context.pool.query('select 1 from waitlist.entries where id = $1', [entry.id]);
    expect(rowCount).toBe(0);
  });
});
