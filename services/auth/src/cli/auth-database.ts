import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import type pg from 'pg';
import type { AuthConfig } from '../config.js';
import { MIGRATIONS_DIR } from '../migrations-dir.js';

/**
 * The auth schema, migrated, for one command: `work` gets a pool of its own, ended when the work is done. A command
 * may run before the service ever started, so it migrates as the service does.
 */
export async function withAuthDatabase<T>(config: AuthConfig, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const logger = createLogger({ name: 'auth-cli', level: 'warn' });
  const pool = createPool({
    connectionString: config.database.url,
    applicationName: 'mmdm-auth-cli',
    poolMode: config.database.poolMode,
  });
  try {
    await migrate({ databaseUrl: config.database.directUrl, dir: MIGRATIONS_DIR, schema: 'auth', logger });
    return await work(pool);
  } finally {
    await pool.end();
  }
}
