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
   * `transaction` when `connectionString` is a transaction pooler (PgBouncer `pool_mode = transaction`): each
   * transaction may run on another server connection, so nothing may be left on one for later. The pool then sends
   * no startup parameter but application_name (PgBouncer refuses a client sending `statement_timeout` or `options`
   * unless told to ignore them, and would not carry them to its server connections anyway), and `statementName`
   * names no prepared statement. The server-side statement bound is then the pooler's `query_timeout` or the role's
   * `statement_timeout` (docs/operations.md); the client-side bound below stays.
   */
  poolMode?: 'session' | 'transaction';
}

/** Pools (and their clients) behind a transaction pooler: a named prepared statement would not survive there. */
const pooledByTransaction = new WeakSet<object>();

export function createPool(settings: PoolSettings): pg.Pool {
  const transaction = settings.poolMode === 'transaction';
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max ?? 10,
    connectionTimeoutMillis: settings.connectionTimeoutMillis ?? 2000,
    idleTimeoutMillis: 30_000,
    ...(transaction ? {} : { statement_timeout: settings.statementTimeoutMillis ?? 5000 }),
    // Client-side bound too: a cut network never answers, so the server-side timeout alone cannot fire.
    query_timeout: (settings.statementTimeoutMillis ?? 5000) + 1000,
    application_name: settings.applicationName,
    keepAlive: true,
  });
  // An idle client losing its connection (Postgres restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (transaction) {
    pooledByTransaction.add(pool);
    pool.on('connect', (client) => pooledByTransaction.add(client));
  }
  return pool;
}

/**
 * The name to prepare a hot statement under (Postgres then plans it once per connection), or none behind a
 * transaction pooler: there the next execution may reach a server connection that never saw the Parse, and fail
 * with "prepared statement does not exist" (PgBouncer before 1.21 does not track them). Unnamed, the statement is
 * parsed and planned on every execution, as every other statement is.
 */
export function statementName(db: object, name: string): string | undefined {
  return pooledByTransaction.has(db) ? undefined : name;
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

/** Start-up's first step: one connection and `select 1`, or an error that says where Postgres was looked for. */
export async function assertPostgresReachable(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(postgresUnreachableMessage(databaseUrl, error));
  } finally {
    await client.end().catch(() => undefined);
  }
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
