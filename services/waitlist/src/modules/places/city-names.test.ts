import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@mmdm/tests/support';
import { createLogger } from '@mmdm/shared/logger';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR, migrateWaitlist } from '../../migrations.js';
import { buildCity, buildEntry, buildInvitationWave } from '../../testing/waitlist-factories.js';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let admin: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
});

const addCity = (name: string) =>
  system.api.request('/api/admin/waitlist/cities', { method: 'POST', token: admin, body: { name } });

describe('city names', () => {
  it('refuses a name that differs from one on the list only by capitals or surrounding spaces, naming it', async () => {
    const name = `London ${randomUUID().slice(0, 6)}`;
    expect((await addCity(name)).status).toBe(201);
    for (const twin of [name.toLowerCase(), `  ${name.toUpperCase()} `]) {
      const answer = await addCity(twin);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('city_exists');
      expect(answer.body.message).toContain(`“${name}” is on the list already`);
    }
    const { rows } = await system.context.pool.query(
      'select count(*)::int as n from waitlist.cities where lower(name) = lower($1)',
      [name],
    );
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['right-to-left override U+202E', 'Lisbon\u202Enobsil'],
    ['left-to-right embedding U+202A', '\u202ALisbon'],
    ['first strong isolate U+2068', 'Lis\u2068bon\u2069'],
    ['right-to-left mark U+200F', 'Porto\u200F'],
    ['Arabic letter mark U+061C', 'Faro\u061C'],
  ])('refuses a name with a bidirectional control character (%s) with a clear message', async (_what, name) => {
    const answer = await addCity(name);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/bidirectional control characters/);
    const { rows } = await system.context.pool.query('select 1 from waitlist.cities where name = $1', [name]);
    expect(rows).toHaveLength(0);
  });

  it('still takes names in any script, right-to-left ones included', async () => {
    const suffix = randomUUID().slice(0, 4);
    expect((await addCity(`القاهرة ${suffix}`)).status).toBe(201);
    expect((await addCity(`São Paulo ${suffix}`)).status).toBe(201);
  });
});

describe('migration 018 on a list that already holds twins', () => {
  it('merges them into the oldest, moving people and waves there, cleans the names and then enforces the rule', async () => {
    const database = await createTestDatabase(inject('databaseUrl'));
    const logger = createLogger({ name: 'migration-018-test', level: 'silent' });
    const client = new pg.Client({ connectionString: database.url });
    try {
      // Every migration before 018 (001–012 and 017), as a database deployed before this change has them.
      await runner({
        databaseUrl: database.url,
        dir: MIGRATIONS_DIR,
        schema: 'waitlist',
        createSchema: true,
        migrationsSchema: 'waitlist',
        createMigrationsSchema: true,
        migrationsTable: 'migrations',
        direction: 'up',
        count: 13,
        singleTransaction: true,
        log: () => undefined,
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      await client.connect();
      const ids: number[] = [];
      for (const name of ['London', ' london ', 'LONDON', 'Lisbon\u202E', 'Porto']) {
        ids.push((await buildCity(client, { name })).id);
      }
      const [london, london2, london3, lisbon] = ids as [number, number, number, number];
      for (const cityId of [london, london2, london3]) await buildEntry(client, { status: 'confirmed', cityId });
      await buildInvitationWave(client, { cityId: london3, createdBySub: 'staff-1', requested: 5, invited: 0 });

      await migrateWaitlist(database.url, logger);

      const cities = await client.query<{ id: number; name: string }>(
        'select id, name from waitlist.cities order by id',
      );
      expect(cities.rows).toEqual([
        { id: london, name: 'London' },
        { id: lisbon, name: 'Lisbon' },
        { id: ids[4], name: 'Porto' },
      ]);
      const entries = await client.query('select distinct city_id from waitlist.entries');
      expect(entries.rows).toEqual([{ city_id: london }]);
      const waves = await client.query('select city_id from waitlist.invitation_waves');
      expect(waves.rows).toEqual([{ city_id: london }]);
      await expect(client.query(`insert into waitlist.cities (name) values (' LISBON')`)).rejects.toThrow(
        /cities_name_folded_key/,
      );
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
