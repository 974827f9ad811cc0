/**
 * Rotates the token signing key: a new key signs from now on (other replicas pick it up within a minute); the old
 * one keeps verifying until no token it signed can still be alive, then it leaves the JWKS and is deleted by a later
 * rotation. Nobody is signed out.
 *   npm run keys:rotate -w @mmdm/auth
 */
import { runCommand } from '@mmdm/shared/command';
import { configOrExit } from '@mmdm/shared/config';
import { loadAuthConfig } from '../config.js';
import { rotateSigningKeys, VERIFY_WINDOW_SECONDS } from '../modules/keys/keys.service.js';
import { withAuthDatabase } from './auth-database.js';

async function main(): Promise<number> {
  const config = configOrExit(loadAuthConfig, 'keys:rotate');
  if (config.tokens.envKey) {
    console.error(
      'JWT_PRIVATE_KEY is set, so the key is managed outside the database: rotate it there (this command only rotates ' +
        'keys kept in auth.signing_keys).',
    );
    return 1;
  }
  return withAuthDatabase(config, async (pool) => {
    const { kid, retired, pruned } = await rotateSigningKeys(pool);
    console.log(`New signing key ${kid}.`);
    if (retired.length) {
      const hours = Math.round((VERIFY_WINDOW_SECONDS / 3600) * 10) / 10;
      console.log(`Retired ${retired.join(', ')}: still verifying for ${hours} h, then dropped from the JWKS.`);
    }
    if (pruned.length) console.log(`Deleted expired keys ${pruned.join(', ')}.`);
    return 0;
  });
}

await runCommand('keys:rotate', main);
