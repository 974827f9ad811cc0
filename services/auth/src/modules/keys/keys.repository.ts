import pg from 'pg';
import type { Queryable } from '@mmdm/shared/db';
import type { JWK } from 'jose';

export interface StoredSigningKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK | null;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface GeneratedKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK | null;
  created_at: Date;
  retired_at: Date | null;
}

/** See lockSigningKeys. */
const KEY_LOCK = 'mmdm:auth:signing-keys';

/**
 * The channel a key change is announced on (Postgres NOTIFY, sent when the transaction commits): every auth replica
 * listens and re-reads the key table at once, so a rotation made anywhere (the CLI, another replica) signs and
 * verifies everywhere within milliseconds instead of within the next periodic refresh.
 */
export const KEY_CHANGE_CHANNEL = 'mmdm_auth_signing_keys';
const announce = (client: pg.PoolClient, kid: string) =>
  client.query('select pg_notify($1, $2)', [KEY_CHANGE_CHANNEL, kid]);

/**
 * Serialises key creation and rotation across replicas until the transaction ends, so two first starts do not both
 * create a signing key.
 */
export async function lockSigningKeys(client: pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [KEY_LOCK]);
}

const toKey = (row: KeyRow): StoredSigningKey => ({
  kid: row.kid,
  publicJwk: row.public_jwk,
  privateJwk: row.private_jwk,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
});

/**
 * The active key (with its private half) and the retired keys still inside the verification window (public half
 * only: nothing outside this query needs a retired private key).
 */
export async function selectUsableKeys(db: Queryable, verifyWindowSeconds: number): Promise<StoredSigningKey[]> {
  const { rows } = await db.query<KeyRow>(
    `select kid, public_jwk, case when retired_at is null then private_jwk end as private_jwk, created_at, retired_at
     from auth.signing_keys
     where retired_at is null or retired_at > now() - make_interval(secs => $1)
     order by created_at desc`,
    [verifyWindowSeconds],
  );
  return rows.map(toKey);
}

export async function activeKeyExists(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.signing_keys where retired_at is null limit 1');
  return (rowCount ?? 0) > 0;
}

/** Stores the key as the active one and announces it (the announcement goes out when the transaction commits). */
export async function insertActiveKey(client: pg.PoolClient, key: GeneratedKey): Promise<void> {
  await client.query('insert into auth.signing_keys (kid, public_jwk, private_jwk) values ($1, $2, $3)', [
    key.kid,
    JSON.stringify(key.publicJwk),
    JSON.stringify(key.privateJwk),
  ]);
  await announce(client, key.kid);
}

/** Retires every active key. Returns the retired kids. */
export async function retireActiveKeys(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ kid: string }>(
    'update auth.signing_keys set retired_at = now() where retired_at is null returning kid',
  );
  return rows.map((row) => row.kid);
}

/** Deletes keys retired longer ago than the verification window: no token they signed can still be valid. */
export async function pruneRetiredKeys(db: Queryable, verifyWindowSeconds: number): Promise<string[]> {
  const { rows } = await db.query<{ kid: string }>(
    `delete from auth.signing_keys where retired_at is not null and retired_at <= now() - make_interval(secs => $1)
     returning kid`,
    [verifyWindowSeconds],
  );
  return rows.map((row) => row.kid);
}

export interface KeyChangeListener {
  close(): Promise<void>;
}

/**
 * Calls `onChange` whenever a key is created or rotated anywhere, on a connection of its own (LISTEN holds it). A lost
 * connection is re-opened after a second, and `onChange` called then too: a change may have been missed meanwhile.
 */
export function listenForKeyChanges(
  databaseUrl: string,
  onChange: () => void,
  onTrouble: (error: unknown) => void,
): KeyChangeListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectSoon = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void open(true);
    }, 1000);
    retry.unref();
  };

  async function open(again: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'mmdm-auth-keys' });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === KEY_CHANGE_CHANNEL) onChange();
    });
    next.on('error', (error) => {
      onTrouble(error);
      void next.end().catch(() => undefined);
      reconnectSoon();
    });
    next.on('end', reconnectSoon);
    try {
      await next.connect();
      await next.query(`listen ${KEY_CHANGE_CHANNEL}`);
      if (again) onChange();
    } catch (error) {
      onTrouble(error);
      void next.end().catch(() => undefined);
      reconnectSoon();
    }
  }

  void open(false);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
