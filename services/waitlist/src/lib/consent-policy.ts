import { PRIVACY_POLICY_VERSION } from '@mmdm/contracts/privacy-policy';

/**
 * The privacy policy version a sign-up records as its consent (entries.consent_policy), as an SQL literal the sign-up
 * statement writes. A constant of the build, so it costs the statement no parameter and no round trip. It used to be
 * a startup parameter of the API's connections (`mmdm.consent_policy`, read by the column's default, migration 007):
 * a transaction pooler neither accepts nor carries such a setting, so the statement says it itself (decision 032).
 */
export const CONSENT_POLICY_SQL = literalOf(PRIVACY_POLICY_VERSION);

function literalOf(version: string): string {
  // The version is `sha256-<hex>`, written by a script; anything else would not be safe to put between quotes.
  if (!/^[A-Za-z0-9._-]+$/.test(version)) throw new Error(`unexpected privacy policy version ${version}`);
  return `'${version}'`;
}
