import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Every schema the system owns, with the folder of its migrations (shipped beside every service's build, in the
 * images too). A backup holds all of them, their migrations tables included; nothing else in the database.
 */
export const OWNED_SCHEMAS = [
  { name: 'auth', migrationsDir: fileURLToPath(new URL('../../../../auth/migrations', import.meta.url)) },
  { name: 'waitlist', migrationsDir: fileURLToPath(new URL('../../../../waitlist/migrations', import.meta.url)) },
] as const;

export type OwnedSchema = (typeof OWNED_SCHEMAS)[number]['name'];

/** A migration's number: `019_mail_claims_and_restores` is 19. */
export function levelOf(migration: string | null): number {
  const match = migration ? /^(\d+)_/.exec(migration) : null;
  return match?.[1] ? Number(match[1]) : 0;
}

/** The newest migration this release ships for a schema: a backup from beyond it cannot run on this code. */
export function releaseLevels(): Record<string, number> {
  return Object.fromEntries(
    OWNED_SCHEMAS.map(({ name, migrationsDir }) => [
      name,
      Math.max(
        0,
        ...readdirSync(migrationsDir)
          .filter((file) => file.endsWith('.sql'))
          .map((file) => levelOf(file)),
      ),
    ]),
  );
}
