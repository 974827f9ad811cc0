import type { Logger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { fileURLToPath } from 'node:url';

/** The folder ships beside src/ and dist/, so this resolves the same from sources and from the build. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export function migrateWaitlist(databaseUrl: string, logger: Logger): Promise<void> {
  return migrate({ databaseUrl, dir: MIGRATIONS_DIR, schema: 'waitlist', logger });
}
