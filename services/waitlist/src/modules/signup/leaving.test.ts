import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntry, buildToken } from '../../testing/waitlist-factories.js';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let admin: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
});

const mail = uniqueEmail;

/** A confirmed person holding the links their mails gave them: place (confirm), unsubscribe and invitation. */
async function confirmedPerson(email: string) {
  const entry = await buildEntry(system.context.pool, { email });
  const confirm = await buildToken(system.context.pool, entry.id);
  const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: confirm.raw } });
  expect(confirmed.status).toBe(200);
  const unsubscribe = await buildToken(system.context.pool, entry.id, { purpose: 'unsubscribe', expiresAt: null });
  const invite = await buildToken(system.context.pool, entry.id, { purpose: 'invite', expiresAt: null });
  return { id: entry.id, confirm: confirm.raw, unsubscribe: unsubscribe.raw, invite: invite.raw };
}

const linkState = (token: string) => system.api.request(`/waitlist/unsubscribe/link?token=${token}`);

describe('the person leaving', () => {
  it('the unsubscribe link names its address before the click, and says it is done when reopened', async () => {
    const email = mail('leaving');
    const person = await confirmedPerson(email);
    const before = await linkState(person.unsubscribe);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ email, done: false });

    const left = await system.api.request('/waitlist/unsubscribe', {
      method: 'POST',
      body: { token: person.unsubscribe },
    });
    expect(left.status).toBe(200);
    expect((await linkState(person.unsubscribe)).body.data).toEqual({ email, done: true });

    // The place link no longer shows a place: it says the entry was removed, not that the link is damaged.
    for (const path of ['/waitlist/confirm', '/waitlist/status']) {
      const answer = await system.api.request(`${path}?token=${person.confirm}`);
      expect(answer.status, path).toBe(410);
      expect(answer.body.code, path).toBe('entry_removed');
    }
  });

  it('once the entry is erased, its links say it was removed; the unsubscribe link says done, and stays done', async () => {
    const email = mail('erased');
    const person = await confirmedPerson(email);
    const erased = await system.api.request(`/api/admin/waitlist/entries/${person.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(erased.status).toBe(204);

    expect((await linkState(person.unsubscribe)).body.data).toEqual({ email: null, done: true });
    // One-click unsubscribe from an old mail of an erased entry: done, not an error.
    const again = await system.api.request('/waitlist/unsubscribe', {
      method: 'POST',
      body: { token: person.unsubscribe },
    });
    expect(again.status).toBe(200);
    for (const path of ['/waitlist/confirm', '/waitlist/status']) {
      const answer = await system.api.request(`${path}?token=${person.confirm}`);
      expect(answer.status, path).toBe(410);
      expect(answer.body.code, path).toBe('entry_removed');
    }
    const confirmAgain = await system.api.request('/waitlist/confirm', {
      method: 'POST',
      body: { token: person.confirm },
    });
    expect(confirmAgain.status).toBe(410);
    const invitation = await system.api.request(`/waitlist/invitation?token=${person.invite}`);
    expect(invitation.status).toBe(410);
    expect(invitation.body.code).toBe('entry_removed');
    // Only the hash of each link and its purpose stay: nothing that names the person.
    const { rows } = await system.context.pool.query(
      `select column_name from information_schema.columns where table_schema = 'waitlist' and table_name = 'erased_links'`,
    );
    expect(rows.map((row: { column_name: string }) => row.column_name).sort()).toEqual([
      'erased_at',
      'purpose',
      'token_hash',
    ]);
  });

  it('an unknown unsubscribe link is not valid (404), and a malformed one is refused with 400', async () => {
    const unknown = await linkState('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect((await linkState('short')).status).toBe(400);
  });
});
