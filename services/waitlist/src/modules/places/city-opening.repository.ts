import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

/** A city's opening settings and where it stands, with its count (waitlist.city_counts, migration 021). */
export interface CityOpeningRow {
  id: number;
  name: string;
  sort: number;
  createdAt: Date;
  confirmed: number;
  openingThreshold: number | null;
  firstWaveSize: number;
  openMode: 'auto' | 'approve';
  thresholdReachedAt: Date | null;
  openedAt: Date | null;
  openedBy: string | null;
  openingWaveId: string | null;
}

const CITY_OPENING_COLUMNS = `c.id, c.name, c.sort, c.created_at as "createdAt", coalesce(k.confirmed, 0)::int as confirmed,
  c.opening_threshold as "openingThreshold", c.first_wave_size as "firstWaveSize", c.open_mode as "openMode",
  c.threshold_reached_at as "thresholdReachedAt", c.opened_at as "openedAt", c.opened_by as "openedBy",
  c.opening_wave_id as "openingWaveId"`;

/** Every city with its opening and count: a row per city and one primary-key probe of the counts each. */
export async function listCityOpenings(db: Queryable): Promise<CityOpeningRow[]> {
  const { rows } = await db.query<CityOpeningRow>(
    `select ${CITY_OPENING_COLUMNS}
       from waitlist.cities c left join waitlist.city_counts k on k.city_id = c.id
      order by c.sort, c.name`,
  );
  return rows;
}

/**
 * One city, locked for its opening: every opener of this city (API replicas, workers, an admin) queues here. `no key
 * update`, not `update`: a person choosing the city meanwhile checks its foreign key with `key share` on this row, and
 * must not wait for the opening while holding their entry's row, which the first wave may be inviting (a deadlock).
 */
export async function lockCityOpening(client: pg.PoolClient, id: number): Promise<CityOpeningRow | undefined> {
  const { rows } = await client.query<CityOpeningRow>(
    `select ${CITY_OPENING_COLUMNS}
       from waitlist.cities c left join waitlist.city_counts k on k.city_id = c.id
      where c.id = $1
        for no key update of c`,
    [id],
  );
  return rows[0];
}

export async function findCityOpening(db: Queryable, id: number): Promise<CityOpeningRow | undefined> {
  const { rows } = await db.query<CityOpeningRow>(
    `select ${CITY_OPENING_COLUMNS}
       from waitlist.cities c left join waitlist.city_counts k on k.city_id = c.id
      where c.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Cities with something to do (`only`: that city alone): not open, with a threshold, and either at it and not yet
 * marked, or marked and set to open by themselves. Read without a lock: the opening itself checks again under one.
 */
export async function citiesDue(db: Queryable, only?: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select c.id from waitlist.cities c left join waitlist.city_counts k on k.city_id = c.id
      where c.opened_at is null and c.opening_threshold is not null
        and ($1::int is null or c.id = $1)
        and ((c.threshold_reached_at is null and coalesce(k.confirmed, 0) >= c.opening_threshold)
             or (c.threshold_reached_at is not null and c.open_mode = 'auto'))`,
    [only ?? null],
  );
  return rows.map((row) => row.id);
}

/**
 * The settings of a city, in the caller's transaction. A city not yet open whose new threshold is gone or above its
 * count goes back to waiting (it is no longer awaiting approval).
 */
export async function updateCityOpening(
  client: pg.PoolClient,
  id: number,
  settings: { openingThreshold: number | null; firstWaveSize: number; openMode: 'auto' | 'approve' },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.cities c
        set opening_threshold = $2, first_wave_size = $3, open_mode = $4,
            threshold_reached_at = case
              when c.opened_at is null and ($2::int is null
                   or coalesce((select k.confirmed from waitlist.city_counts k where k.city_id = c.id), 0) < $2)
              then null else c.threshold_reached_at end
      where c.id = $1`,
    [id, settings.openingThreshold, settings.firstWaveSize, settings.openMode],
  );
  return (rowCount ?? 0) > 0;
}

/** The threshold is reached: marked once (a second marker finds it marked and changes nothing). */
export async function markThresholdReached(client: pg.PoolClient, id: number): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.cities set threshold_reached_at = now()
      where id = $1 and threshold_reached_at is null and opened_at is null`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

/** The city opens, once: only the update that finds it not open yet changes it. */
export async function markOpened(client: pg.PoolClient, id: number, openedBy: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.cities
        set opened_at = now(), opened_by = $2, threshold_reached_at = coalesce(threshold_reached_at, now())
      where id = $1 and opened_at is null`,
    [id, openedBy],
  );
  return (rowCount ?? 0) > 0;
}

export async function setOpeningWave(client: pg.PoolClient, id: number, waveId: string): Promise<void> {
  await client.query('update waitlist.cities set opening_wave_id = $2 where id = $1', [id, waveId]);
}
