import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openApiDocument } from '@mmdm/contracts/openapi';
import { describe, expect, it } from 'vitest';
import { contractProblemOf } from '../support/openapi-contract.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const spectral = join(repo, 'node_modules/.bin/spectral');

interface SpectralResult {
  code: string;
  message: string;
  severity: number; // 0 error, 1 warning, 2 info, 3 hint
  path: string[];
}

const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body,
});

describe('the OpenAPI document', () => {
  it('passes Spectral with the spectral:oas ruleset: no errors (warnings are reported)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mmdm-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(openApiDocument(), null, 2));
      await writeFile(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
      // Exit status 1 means findings at or over --fail-severity; the JSON report is read either way.
      const { stdout } = await run(
        spectral,
        [
          'lint',
          file,
          '--ruleset',
          join(dir, '.spectral.yaml'),
          '--format',
          'json',
          '--fail-severity',
          'error',
          '--quiet',
        ],
        { env: { ...process.env, SCARF_ANALYTICS: 'false' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const results = JSON.parse(stdout || '[]') as SpectralResult[];
      const describeResult = (result: SpectralResult) =>
        `${result.code} at ${result.path.join('.')}: ${result.message}`;
      const warnings = results.filter((result) => result.severity > 0);
      if (warnings.length) console.warn(`Spectral warnings:\n${warnings.map(describeResult).join('\n')}`);
      expect(results.filter((result) => result.severity === 0).map(describeResult)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('describes every public and staff endpoint, staff ones behind the bearer token', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { security?: unknown }>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'POST /waitlist',
        'GET /waitlist/confirm',
        'POST /waitlist/confirm',
        'POST /waitlist/resend',
        'POST /waitlist/unsubscribe',
        'GET /waitlist/unsubscribe',
        'GET /waitlist/status',
        'GET /waitlist/cities',
        'POST /waitlist/city',
        'GET /waitlist/invitation',
        'POST /waitlist/invitation/accept',
        'POST /waitlist/hooks/ses',
        'POST /waitlist/hooks/postmark',
        'POST /api/admin/login',
        'GET /api/admin/verify',
        'POST /api/admin/logout',
        'GET /api/admin/me',
        'POST /api/admin/me/password',
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PATCH /api/admin/staff/{id}',
        'GET /api/admin/audit',
        'GET /api/admin/jwks.json',
        'POST /api/admin/login/second-factor',
        'POST /api/admin/login/passkey-options',
        'GET /api/admin/me/mfa',
        'POST /api/admin/me/mfa/totp/confirm',
        'POST /api/admin/me/mfa/passkeys',
        'POST /api/admin/mfa/staff/{id}/reset',
        'GET /api/admin/waitlist/entries',
        'GET /api/admin/waitlist/entries.csv',
        'POST /api/admin/waitlist/entries/{id}/resend',
        'DELETE /api/admin/waitlist/entries/{id}',
        'GET /api/admin/waitlist/stats',
        'GET /api/admin/waitlist/analytics',
        'GET /api/admin/waitlist/audit',
        'GET /api/admin/waitlist/invitations',
        'POST /api/admin/waitlist/invitations',
        'GET /api/admin/waitlist/cities',
        'GET /api/admin/waitlist/launch-stats',
        'POST /api/admin/waitlist/credits/{referredId}/revoke',
        'GET /api/admin/waitlist/mail-templates',
        'POST /waitlist/contact',
        'GET /waitlist/contact/challenge',
        'GET /api/admin/waitlist/messages',
        'GET /api/admin/waitlist/messages/{id}',
        'POST /api/admin/waitlist/messages/{id}/handled',
        'DELETE /api/admin/waitlist/messages/{id}',
      ]),
    );
    // The second sign-in step carries its own short-lived token in the body: no staff session exists yet.
    const publicOnes = new Set([
      '/api/admin/login',
      '/api/admin/login/second-factor',
      '/api/admin/login/passkey-options',
      '/api/admin/jwks.json',
    ]);
    for (const { name, operation } of operations) {
      const path = name.split(' ')[1] ?? '';
      const staff = path.startsWith('/api/admin') && !publicOnes.has(path);
      // Postmark's webhook authenticates with HTTP Basic credentials (SNS messages carry their own signature).
      const webhookCredentials = path === '/waitlist/hooks/postmark';
      expect({ name, secured: operation.security !== undefined }).toEqual({
        name,
        secured: staff || webhookCredentials,
      });
    }
  });
});

describe('the contract check the service tests run on every answer', () => {
  it('accepts answers the document describes', () => {
    expect(
      contractProblemOf('POST', '/waitlist', json({ success: true, message: 'Joined', data: { email: 'a@b.test' } })),
    ).toBeUndefined();
    expect(
      contractProblemOf(
        'POST',
        '/api/admin/staff/0b0c/../x',
        json({ success: false, code: 'not_found', message: 'No.' }, 404),
      ),
    ).toBeUndefined(); // not a documented path: not checked
    expect(
      contractProblemOf(
        'GET',
        '/waitlist/confirm?token=x',
        json({ success: false, code: 'token_invalid', message: 'Not valid.' }, 404),
      ),
    ).toBeUndefined();
  });

  it('catches drift: a renamed field, an error without its code, a status the document does not list', () => {
    expect(contractProblemOf('POST', '/api/admin/login', json({ jwt: 'x' }))).toMatch(
      /must have required property 'token'/,
    );
    expect(contractProblemOf('POST', '/waitlist/confirm', json({ success: false, message: 'Used.' }, 409))).toMatch(
      /required property 'code'/,
    );
    expect(
      contractProblemOf('GET', '/waitlist/cities', json({ success: false, code: 'gone', message: 'Gone.' }, 410)),
    ).toMatch(/does not list this status/);
    expect(
      contractProblemOf('GET', '/api/admin/waitlist/entries.csv', {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: {},
      }),
    ).toMatch(/content type application\/json/);
  });
});
