import { expect } from 'vitest';
import { createStaff } from '../../../services/auth/src/testing/auth-harness.js';
import { buildEntry, buildToken } from '../../../services/waitlist/src/testing/waitlist-factories.js';
import { request } from '../../support/http.js';
import type { SmtpSink } from '../../support/index.js';
import type { SecretWatch } from './secrets.js';
import type { System } from './system.js';
import { uniqueEmail } from '../../support/unique-email.js';

/**
 * `count` people who signed up and confirmed through the public confirm call (each takes a place and is owed a
 * welcome mail); the sign-up row and its link are written as the sign-up and its mail would leave them.
 */
export async function confirmedPeople(system: System, label: string, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = uniqueEmail(label);
    const entry = await buildEntry(system.context.pool, { email });
    const token = await buildToken(system.context.pool, entry.id);
    const confirmed = await request(system.gateway.url, '/waitlist/confirm', {
      method: 'POST',
      body: { token: token.raw },
    });
    expect(confirmed.status).toBe(200);
    emails.push(email);
  }
  return emails;
}

/** A new admin's token from the real sign-in (password and token watched for in the logs). */
export async function adminToken(system: System, secrets: SecretWatch): Promise<string> {
  const owner = await createStaff(system.auth, { role: 'admin' });
  secrets.add(owner.password);
  const login = await request(system.gateway.url, '/api/admin/login', {
    method: 'POST',
    body: { email: owner.email, password: owner.password },
  });
  expect(login.status).toBe(200);
  const token = (login.body as { token: string }).token;
  secrets.add(token);
  return token;
}

/** An invitation wave of `count` through the gateway. */
export function invite(system: System, token: string, count: number) {
  return request(system.gateway.url, '/api/admin/waitlist/invitations', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: { count },
  });
}

/** Invitation mails per recipient (welcome mails, which carry the place, are not counted). */
export function invitationsPerRecipient(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.messages) {
    if (!(mail.parsed.text ?? '').includes('/invitation?token=')) continue;
    for (const to of mail.envelope.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

/** Everyone a wave invited, best place first. */
export async function invitedEmails(system: System): Promise<string[]> {
  const { rows } = await system.context.pool.query<{ email: string }>(
    `select email_normalized as email from waitlist.entries where status = 'invited' order by place_key, queue_seq`,
  );
  return rows.map((row) => row.email);
}
