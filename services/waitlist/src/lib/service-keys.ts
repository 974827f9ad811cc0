import { randomBytes } from 'node:crypto';
import type { Queryable } from '@mmdm/shared/db';
import type { Logger } from '@mmdm/shared/logger';

/** The waitlist's secrets that may come from the environment or, unset there, from waitlist.service_keys. */
export type ServiceKeyName = 'abuse' | 'suppression' | 'balance' | 'webhook';

/** The keys the API uses (the worker and the CLI need only the suppression key). */
export interface WaitlistKeys {
  abuse: string;
  suppression: string;
  /** Seals the balance data (decision 035): 32 bytes, base64. */
  balance: string;
  /** Seals the webhook endpoints' signing secrets (decision 037): 32 bytes, base64. */
  webhook: string;
}

/** Which variable sets each key, for the log line that says a key was generated. */
const VARIABLE: Record<ServiceKeyName, string> = {
  abuse: 'ABUSE_KEY',
  suppression: 'SUPPRESSION_KEY',
  balance: 'BALANCE_DATA_KEY',
  webhook: 'WEBHOOK_SECRET_KEY',
};

/**
 * The key stored under `name`, made now (32 random bytes) if no process made it before. Race-safe across replicas
 * without a lock: every process inserts its own candidate `on conflict do nothing`, and all of them then use the one
 * row that won. Returns whether this call created it.
 */
export async function storedServiceKey(
  db: Queryable,
  name: ServiceKeyName,
): Promise<{ secret: string; created: boolean }> {
  const candidate = randomBytes(32).toString('base64url');
  const inserted = await db.query<{ secret: string }>(
    `insert into waitlist.service_keys (name, secret) values ($1, $2) on conflict (name) do nothing returning secret`,
    [name, candidate],
  );
  if (inserted.rows[0]) return { secret: inserted.rows[0].secret, created: true };
  const { rows } = await db.query<{ secret: string }>('select secret from waitlist.service_keys where name = $1', [
    name,
  ]);
  if (!rows[0]) throw new Error(`waitlist.service_keys has no ${name} key after inserting one`);
  return { secret: rows[0].secret, created: false };
}

/**
 * Each key the environment sets, else the stored one (docs/decisions/025): no key ever falls back to a constant in the
 * source, which anyone could read and use to sign their own challenges or hash addresses against the suppression
 * list. `docker compose up` on a fresh clone still needs no .env.
 */
export async function resolveServiceKeys<N extends ServiceKeyName>(
  db: Queryable,
  fromEnv: { [K in N]: string | undefined },
  logger?: Logger,
): Promise<{ [K in N]: string }> {
  const resolved = {} as { [K in N]: string };
  for (const name of Object.keys(fromEnv) as N[]) {
    const given = fromEnv[name];
    if (given) {
      resolved[name] = given;
      continue;
    }
    const { secret, created } = await storedServiceKey(db, name);
    resolved[name] = secret;
    if (created && name === 'balance')
      logger?.warn(
        'BALANCE_DATA_KEY is not set: generated one and kept it in Postgres for every replica. A copy of the database ' +
          'then holds the key beside the balance data it seals: set BALANCE_DATA_KEY in production (decision 035)',
      );
    else if (created && name === 'webhook')
      logger?.warn(
        'WEBHOOK_SECRET_KEY is not set: generated one and kept it in Postgres for every replica. A copy of the ' +
          'database then holds the key beside the secrets it seals: set WEBHOOK_SECRET_KEY in production (decision 037)',
      );
    else if (created)
      logger?.info(`${VARIABLE[name]} is not set: generated one and kept it in Postgres for every replica`);
    if (created && name === 'suppression') await warnOfListUnderOldKey(db, logger);
  }
  return resolved;
}

/**
 * A deployment that ran with the old public default has suppression rows keyed by it: a new key no longer finds them.
 * Say so, with what to do (decision 025), rather than mail those addresses again in silence.
 */
async function warnOfListUnderOldKey(db: Queryable, logger: Logger | undefined): Promise<void> {
  const { rows } = await db.query<{ listed: boolean }>('select exists (select 1 from waitlist.suppressions) as listed');
  if (rows[0]?.listed)
    logger?.error(
      'the suppression list holds addresses from before SUPPRESSION_KEY was generated: they are keyed by the key used ' +
        'then. Set SUPPRESSION_KEY to that key and restart (docs/decisions/025), or addresses that unsubscribed or ' +
        'complained may be mailed again',
    );
}
