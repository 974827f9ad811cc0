import pg from 'pg';

/** Anything that runs a query: the pool, or a client inside a transaction (what a repository function takes). */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export interface PoolSettings {
  connectionString: string;
  /** Upper bound on connections from this process. */
  max?: number;
  /** How long a request may wait for a connection before failing (a pool must never wait forever). */
  connectionTimeoutMillis?: number;
  /** Server-side bound on any one statement. */
  statementTimeoutMillis?: number;
  applicationName: string;
  /**
   * Settings of every connection of the pool, sent once as startup parameters (`options=-c name=value`): a session
   * value costs no statement any round trip. Names and values are plain words (letters, digits, `._-`).
   */
  sessionSettings?: Readonly<Record<string, string>>;
}

const SESSION_WORD = /^[A-Za-z0-9._-]+$/;

function startupOptions(settings: Readonly<Record<string, string>> | undefined): string | undefined {
  const entries = Object.entries(settings ?? {});
  if (!entries.length) return undefined;
  for (const [name, value] of entries) {
    if (!SESSION_WORD.test(name) || !SESSION_WORD.test(value)) throw new Error(`unsafe session setting ${name}`);
  }
  return entries.map(([name, value]) => `-c ${name}=${value}`).join(' ');
}

export function createPool(settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max ?? 10,
    connectionTimeoutMillis: settings.connectionTimeoutMillis ?? 2000,
    idleTimeoutMillis: 30_000,
    statement_timeout: settings.statementTimeoutMillis ?? 5000,
    // Client-side bound too: a cut network never answers, so the server-side timeout alone cannot fire.
    query_timeout: (settings.statementTimeoutMillis ?? 5000) + 1000,
    application_name: settings.applicationName,
    keepAlive: true,
    options: startupOptions(settings.sessionSettings),
  });
  // An idle client losing its connection (Postgres restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export async function pingPostgres(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}

/** "host:port/db" of a connection URL, without credentials, for messages to ops. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export function postgresUnreachableMessage(url: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    `Cannot reach Postgres at ${describeDatabaseUrl(url)} (${reason}). ` +
    'Start it (e.g. `pg_ctlcluster 15 main start`, or `docker compose up postgres`) or set DATABASE_URL.'
  );
}

/** Runs `work` in one transaction on one client; rolls back on any error and always releases the client. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
