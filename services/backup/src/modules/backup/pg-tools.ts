import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql) from PATH: Debian's postgresql-client on a host, the
 * backup image's in a container. The password never appears on a command line (other users of the machine can read
 * those): it goes to the program as PGPASSWORD.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a program to its end; rejects with its last stderr lines when it fails. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv, input?: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    if (input && child.stdin) {
      input.on('error', (error) => child.stdin?.destroy(error));
      child.stdin.on('error', () => undefined); // the program's exit code says what went wrong
      input.pipe(child.stdin);
    }
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` → { version: '15.20', major: 15 }. */
export async function clientVersion(
  program: 'pg_dump' | 'pg_restore' | 'psql',
): Promise<{ version: string; major: number }> {
  const out = await run(program, ['--version'], process.env);
  const match = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(out);
  if (!match?.[1]) throw new Error(`cannot read the version of ${program}: ${out.trim()}`);
  return { version: `${match[1]}${match[2] ?? ''}`, major: Number(match[1]) };
}

export interface DumpSettings {
  databaseUrl: string;
  snapshot: string;
  schemas: readonly string[];
  extensions: readonly string[];
  file: string;
}

/** pg_dump's custom format (compressed, restorable table by table) of the schemas, as the snapshot saw them. */
export async function dump({ databaseUrl, snapshot, schemas, extensions, file }: DumpSettings): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_dump',
    [
      '--format=custom',
      `--snapshot=${snapshot}`,
      ...schemas.map((schema) => `--schema=${schema}`),
      ...extensions.map((extension) => `--extension=${extension}`),
      `--file=${file}`,
      `--dbname=${dbname}`,
    ],
    env,
  );
}

/**
 * The dump as one SQL script (pg_restore's own translation of it) for psql to run in a single transaction, so a
 * restore that fails half-way leaves the database as it was. Owners and grants are left out: the restored objects
 * belong to the role that restores, as they would to the role whose services created them; comments too (the only one
 * is the extension's, which only its owner may set, and no migration writes one).
 */
export function restoreScript(file: string): Readable {
  const child = spawn('pg_restore', ['--no-owner', '--no-privileges', '--no-comments', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  child.on('close', (code) => {
    if (code !== 0) child.stdout.destroy(new Error(`pg_restore failed (exit ${code}): ${stderr.trim()}`));
  });
  return child.stdout;
}

/** Runs an SQL script from `input` in one transaction, stopping (and rolling back) at the first error. */
export async function runScript(databaseUrl: string, input: Readable): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--file=-', `--dbname=${dbname}`],
    env,
    input,
  );
}
