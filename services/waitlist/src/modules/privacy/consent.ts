import { PRIVACY_POLICY_VERSION } from '@mmdm/contracts/privacy-policy';

/**
 * The connection settings under which a sign-up records the privacy policy version it was shown: the column default
 * of entries.consent_policy reads `mmdm.consent_policy` (migration 007). A startup parameter of each connection of the
 * API's pool, so the sign-up statement stays exactly as it was and pays nothing per request.
 */
export const CONSENT_SESSION_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  'mmdm.consent_policy': PRIVACY_POLICY_VERSION,
});
