import type pg from 'pg';

export interface SchemaFacts {
  migration: string | null;
  rows: Record<string, number>;
}

export interface SnapshotFacts {
  takenAt: string;
  database: string;
  serverVersion: string;
  serverMajor: number;
  extensions: string[];
  schemas: Record<string, SchemaFacts>;
}

/**
 * Opens a repeatable-read transaction on `client` and exports its snapshot: pg_dump given this id dumps exactly what
 * this transaction sees, so the counts read here describe the dump. The caller ends the transaction after the dump.
 */
export async function exportSnapshot(client: pg.ClientBase): Promise<string> {
  await client.query('begin isolation level repeatable read read only');
  const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
  if (!rows[0]) throw new Error('no snapshot exported');
  return rows[0].id;
}

/** What the manifest says, read inside the exported snapshot's transaction. */
export async function snapshotFacts(client: pg.ClientBase, schemas: readonly string[]): Promise<SnapshotFacts> {
  const server = await client.query<{ now: Date; db: string; version: string; num: number }>(
    `select now() as now, current_database() as db, current_setting('server_version') as version,
            current_setting('server_version_num')::int as num`,
  );
  const head = server.rows[0];
  if (!head) throw new Error('no answer from the server');
  const extensions = await client.query<{ name: string }>(
    `select extname as name from pg_extension where extname <> 'plpgsql' order by extname`,
  );
  const facts: Record<string, SchemaFacts> = {};
  for (const schema of schemas) {
    const tables = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
      [schema],
    );
    if (!tables.rows.some((table) => table.name === 'migrations')) {
      throw new Error(`schema "${schema}" has no migrations table: start the services once so they create it`);
    }
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows) {
      // Names come from the catalogue and are quoted: nothing from outside reaches this text.
      const count = await client.query<{ n: number }>(`select count(*)::int as n from "${schema}"."${name}"`);
      rows[name] = count.rows[0]?.n ?? 0;
    }
    const last = await client.query<{ name: string }>(
      `select name from "${schema}".migrations order by run_on desc, id desc limit 1`,
    );
    facts[schema] = { migration: last.rows[0]?.name ?? null, rows };
  }
  return {
    takenAt: head.now.toISOString(),
    database: head.db,
    serverVersion: head.version,
    serverMajor: Math.floor(head.num / 10000),
    extensions: extensions.rows.map((row) => row.name),
    schemas: facts,
  };
}

/** The server's major version (15 for 15.x). */
export async function serverMajor(db: pg.ClientBase): Promise<number> {
  const { rows } = await db.query<{ num: number }>(`select current_setting('server_version_num')::int as num`);
  return Math.floor((rows[0]?.num ?? 0) / 10000);
}

/** Which of `schemas` exist in the database, and how many rows their tables hold together (an estimate is enough). */
export async function presentSchemas(db: pg.ClientBase, schemas: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname = any($1::text[]) order by nspname',
    [schemas],
  );
  return rows.map((row) => row.name);
}

/** A connection of its own for one command (a backup holds its snapshot's transaction open on it). */
export async function connect(databaseUrl: string): Promise<pg.Client> {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString: databaseUrl, application_name: 'mmdm-backup' });
  client.on('error', () => undefined); // a lost connection fails the command's next query, which says so
  await client.connect();
  return client;
}
