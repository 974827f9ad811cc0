/**
 * The privacy policy's version: a hash of the text /privacy-policy shows, rendered from the same component the page
 * uses. Sign-ups record it next to their consent time, so one can always tell which text a person agreed to.
 *
 *   tsx scripts/policy-version.ts --check   (the web build runs this: fails when the text changed and the version not)
 *   tsx scripts/policy-version.ts --write   (npm run policy:version -w @mmdm/web: writes the new version)
 *
 * The version lives in @mmdm/contracts/privacy-policy, so the waitlist service and the web app read one value.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPolicyRoute } from '../src/app/routes/privacy-policy.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

/** The words a reader sees, whitespace collapsed: markup or formatting changes alone do not make a new version. */
export function policyText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function policyVersionOf(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16)}`;
}

export function currentPolicyVersion(): string {
  const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(PrivacyPolicyRoute)));
  return policyVersionOf(policyText(html));
}

const versionFile = resolve(import.meta.dirname, '../../services/contracts/src/privacy-policy.ts');

function fileFor(version: string): string {
  return `// Written by \`npm run policy:version -w @mmdm/web\` (web/scripts/policy-version.ts); the web build checks it.
/**
 * Version of the privacy policy text the site shows: the first 64 bits of the SHA-256 of the words on
 * /privacy-policy. Sign-ups record it next to their consent time (entries.consent_policy).
 */
export const PRIVACY_POLICY_VERSION = '${version}';
`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const version = currentPolicyVersion();
  const written = readFileSync(versionFile, 'utf8');
  if (process.argv.includes('--write')) {
    if (written !== fileFor(version)) writeFileSync(versionFile, fileFor(version));
    console.log(`privacy policy version ${version}`);
  } else if (!written.includes(`'${version}'`)) {
    console.error(
      `The privacy policy text changed (now ${version}); run \`npm run policy:version -w @mmdm/web\` and commit ` +
        'services/contracts/src/privacy-policy.ts, so sign-ups record the version people are shown.',
    );
    process.exit(1);
  }
}
