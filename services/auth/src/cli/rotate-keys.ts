/**
 * Rotates the token signing key: a new key signs from now on (other replicas pick it up within a minute); the old
 * one keeps verifying until no token it signed can still be alive, then it leaves the JWKS and is deleted by a later
 * rotation. Nobody is signed out.
 *   npm run keys:rotate -w @mmdm/auth
 */
import { exitOnConfigError } from '@mmdm/shared/config';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { loadAuthConfig, type AuthConfig } from '../config.js';
import { rotateSigningKeys, VERIFY_WINDOW_SECONDS } from '../modules/keys/keys.service.js';
import { MIGRATIONS_DIR } from '../migrations-dir.js';

async function main(): Promise<number> {
  let config: AuthConfig;
  try {
    config = loadAuthConfig();
  } catch (error) {
    exitOnConfigError(error, 'keys:rotate');
  }
  if (config.tokens.envKey) {
    console.error(
      'JWT_PRIVATE_KEY is set, so the key is managed outside the database: rotate it there (this command only rotates ' +
        'keys kept in auth.signing_keys).',
    );
    return 1;
  }
  const logger = createLogger({ name: 'auth-cli', level: 'warn' });
  const pool = createPool({
    connectionString: config.database.url,
    applicationName: 'mmdm-auth-cli',
    poolMode: config.database.poolMode,
  });
  try {
    await migrate({ databaseUrl: config.database.directUrl, dir: MIGRATIONS_DIR, schema: 'auth', logger });
    const { kid, retired, pruned } = await rotateSigningKeys(pool);
    console.log(`New signing key ${kid}.`);
    if (retired.length) {
      const hours = Math.round((VERIFY_WINDOW_SECONDS / 3600) * 10) / 10;
      console.log(`Retired ${retired.join(', ')}: still verifying for ${hours} h, then dropped from the JWKS.`);
    }
    if (pruned.length) console.log(`Deleted expired keys ${pruned.join(', ')}.`);
    return 0;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`keys:rotate failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
