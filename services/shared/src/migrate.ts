import { runner } from 'node-pg-migrate';
import type { Logger } from './logger.js';

export interface MigrateOptions {
  databaseUrl: string;
  /** Folder of `NNN_name.sql` files with `-- Up Migration` / `-- Down Migration` sections. */
  dir: string;
  /** The service's own schema: each service owns its tables and its migrations table. */
  schema: string;
  logger: Logger;
  /** How long to wait for another replica that is migrating at the same moment. */
  lockWaitMs?: number;
}

/** Postgres answered, but applying the migrations failed: a bad migration or a schema changed by hand, not an outage. */
export class MigrationError extends Error {
  constructor(schema: string, cause: unknown) {
    super(
      `Migrations of schema "${schema}" failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Postgres is reachable; fix the migration or the schema, then start again.',
      { cause },
    );
    this.name = 'MigrationError';
  }
}

const LOCK_BUSY = /Another migration is already running/;
const NOT_A_TIMESTAMP = /^Can't determine timestamp for \d+$/;

/**
 * Applies pending migrations (call it once Postgres is known reachable: any failure is a MigrationError). node-pg-migrate takes a Postgres advisory lock and refuses (rather than waits) when
 * another replica holds it, so we retry until that replica is done; then there is nothing left to apply.
 */
export async function migrate({
  databaseUrl,
  dir,
  schema,
  logger,
  lockWaitMs = 60_000,
}: MigrateOptions): Promise<void> {
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      const applied = await runner({
        databaseUrl,
        dir,
        schema,
        createSchema: true,
        migrationsSchema: schema,
        createMigrationsSchema: true,
        migrationsTable: 'migrations',
        direction: 'up',
        checkOrder: true,
        singleTransaction: true,
        // Distinct lock per schema so the two services' migrations do not wait for each other.
        lockValue: lockValueFor(schema),
        logger: {
          info: () => undefined,
          warn: (msg) => logger.warn(msg),
          // Our NNN_ prefixes are not timestamps; node-pg-migrate says so as an "error" but still orders them by number.
          error: (msg) => (NOT_A_TIMESTAMP.test(msg) ? undefined : logger.error(msg)),
          debug: () => undefined,
        },
      });
      if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
      return;
    } catch (error) {
      if (error instanceof Error && LOCK_BUSY.test(error.message) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw new MigrationError(schema, error);
    }
  }
}

function lockValueFor(schema: string): number {
  let hash = 7;
  for (const char of schema) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}
