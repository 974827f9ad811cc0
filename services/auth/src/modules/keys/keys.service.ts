import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose';
import { STAFF_TOKEN } from '@mmdm/shared/tokens';
import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import {
  activeKeyExists,
  insertActiveKey,
  lockSigningKeys,
  pruneRetiredKeys,
  retireActiveKeys,
  selectUsableKeys,
  type GeneratedKey,
} from './keys.repository.js';

/** How often a replica re-reads the key table, so it starts signing with a key another process rotated in. */
export const KEY_REFRESH_MS = 60_000;
/** An unknown kid triggers a re-read at most this often: random kids in forged tokens must not hammer Postgres. */
const UNKNOWN_KID_REFRESH_MS = 5_000;
/**
 * How long a retired key keeps verifying: the longest token lifetime, plus the time a replica may keep signing with
 * it before its next refresh, plus a margin for clock skew. After that it leaves the JWKS.
 */
export const VERIFY_WINDOW_SECONDS = STAFF_TOKEN.maxLifetimeSeconds + KEY_REFRESH_MS / 1000 + 300;

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

export interface PublicJwk extends JWK {
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface KeyStore {
  signingKey(): Promise<SigningKey>;
  /** For jose's jwtVerify: the public key for the token's kid, or JWKSNoMatchingKey. */
  verificationKey: JWTVerifyGetKey;
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /** Re-reads the key table now (after a rotation in this process). */
  refresh(): Promise<void>;
}

function publicOnly(jwk: JWK, kid: string): PublicJwk {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
}

/** A fresh Ed25519 pair with its RFC 7638 thumbprint as kid. */
export async function generateSigningKey(): Promise<GeneratedKey> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, publicJwk: publicOnly(publicJwk, kid), privateJwk: { ...(await exportJWK(privateKey)), kid } };
}

interface Loaded {
  signer: SigningKey | undefined;
  verifiers: Map<string, { jwk: PublicJwk; key: CryptoKey }>;
  loadedAt: number;
}

/** Keys kept in auth.signing_keys: generated at first start, rotated by `npm run keys:rotate`. */
export function createDatabaseKeyStore(pool: pg.Pool): KeyStore {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;

  const load = async (): Promise<Loaded> => {
    const rows = await selectUsableKeys(pool, VERIFY_WINDOW_SECONDS);
    const verifiers = new Map<string, { jwk: PublicJwk; key: CryptoKey }>();
    let signer: SigningKey | undefined;
    for (const row of rows) {
      const jwk = publicOnly(row.publicJwk, row.kid);
      verifiers.set(row.kid, { jwk, key: (await importJWK(jwk, 'EdDSA')) as CryptoKey });
      // Rows come newest first: the newest active key signs.
      if (!signer && row.retiredAt === null && row.privateJwk) {
        signer = { kid: row.kid, key: (await importJWK(row.privateJwk, 'EdDSA')) as CryptoKey };
      }
    }
    return { signer, verifiers, loadedAt: Date.now() };
  };

  const reload = (): Promise<Loaded> => {
    loading ??= load()
      .then((result) => {
        loaded = result;
        return result;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const current = async (): Promise<Loaded> => {
    if (!loaded || Date.now() - loaded.loadedAt > KEY_REFRESH_MS) {
      try {
        return await reload();
      } catch (error) {
        // Postgres blipped: keep using the keys we have rather than refusing every login and verification.
        if (loaded) return loaded;
        throw error;
      }
    }
    return loaded;
  };

  return {
    async signingKey() {
      let state = await current();
      if (!state.signer) {
        await ensureActiveKey(pool, generateSigningKey);
        state = await reload();
      }
      if (!state.signer) throw new Error('no active signing key');
      return state.signer;
    },
    verificationKey: async (header) => {
      const kid = header.kid;
      if (!kid) throw new joseErrors.JWKSNoMatchingKey();
      let state = await current();
      if (!state.verifiers.has(kid) && Date.now() - state.loadedAt > UNKNOWN_KID_REFRESH_MS) {
        state = await reload().catch(() => state);
      }
      const entry = state.verifiers.get(kid);
      if (!entry) throw new joseErrors.JWKSNoMatchingKey();
      return entry.key;
    },
    async jwks() {
      const state = await current();
      return { keys: [...state.verifiers.values()].map((entry) => entry.jwk) };
    },
    async refresh() {
      await reload();
    },
  };
}

/** One key given by the operator (JWT_PRIVATE_KEY): it signs and is the only key in the JWKS. */
export async function createEnvKeyStore(privateKeyPem: string, kidFromEnv: string | undefined): Promise<KeyStore> {
  const privateKeyObject = createPrivateKey(privateKeyPem);
  const publicJwk = createPublicKey(privateKeyObject).export({ format: 'jwk' }) as JWK;
  const kid = kidFromEnv ?? (await calculateJwkThumbprint(publicJwk));
  const jwk = publicOnly(publicJwk, kid);
  const privateJwk = privateKeyObject.export({ format: 'jwk' }) as JWK;
  const signer: SigningKey = { kid, key: (await importJWK(privateJwk, 'EdDSA')) as CryptoKey };
  const verifier = (await importJWK(jwk, 'EdDSA')) as CryptoKey;
  return {
    signingKey: async () => signer,
    verificationKey: async (header) => {
      if (header.kid !== kid) throw new joseErrors.JWKSNoMatchingKey();
      return verifier;
    },
    jwks: async () => ({ keys: [jwk] }),
    refresh: async () => undefined,
  };
}

/** Inserts `generate()`'s key unless an active key exists; returns whether it did. */
export async function ensureActiveKey(pool: pg.Pool, generate: () => Promise<GeneratedKey>): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    await lockSigningKeys(client);
    if (await activeKeyExists(client)) return false;
    await insertActiveKey(client, await generate());
    return true;
  });
}

/** Retires every active key and makes `key` the one that signs. Returns the retired kids. */
export async function rotateKey(pool: pg.Pool, key: GeneratedKey): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    await lockSigningKeys(client);
    const retired = await retireActiveKeys(client);
    await insertActiveKey(client, key);
    return retired;
  });
}

/**
 * A new key signs from now on; the active one retires and keeps verifying for VERIFY_WINDOW_SECONDS; keys retired
 * longer ago than that are deleted. Other replicas pick the new key up at their next refresh (KEY_REFRESH_MS).
 */
export async function rotateSigningKeys(pool: pg.Pool): Promise<{ kid: string; retired: string[]; pruned: string[] }> {
  const pruned = await pruneRetiredKeys(pool, VERIFY_WINDOW_SECONDS);
  const key = await generateSigningKey();
  const retired = await rotateKey(pool, key);
  return { kid: key.kid, retired, pruned };
}
