// Written by `npm run policy:version -w @mmdm/web` (web/scripts/policy-version.ts); the web build checks it.
/**
 * Version of the privacy policy text the site shows: the first 64 bits of the SHA-256 of the words on
 * /privacy-policy. Sign-ups record it next to their consent time (entries.consent_policy).
 */
export const PRIVACY_POLICY_VERSION = 'sha256-016aec8bf9caa191';
