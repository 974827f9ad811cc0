import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildToken, freshLine } from '../../testing/waitlist-factories.js';
import { startApi, uniqueEmail, useWaitlistApi, type ApiHarness } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let admin: string;
let viewer: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
  viewer = await system.staff.sign('viewer');
});

const pool = () => system.context.pool;
const api = () => system.api;

interface Member {
  id: string;
  email: string;
  inviteToken: string;
  /** The codes of the member's ticket links, slot by slot. */
  codes: string[];
}

const codeOf = (url: string) => new URL(url).searchParams.get('ticket')!;

/** An invited person who accepts their invitation through the page's call: an admitted member with their tickets. */
async function member(label: string, email = uniqueEmail(label)): Promise<Member> {
  const entry = await buildEntry(pool(), { email, status: 'invited' });
  await pool().query('update waitlist.entries set invited_at = now() where id = $1', [entry.id]);
  const token = await buildToken(pool(), entry.id, { purpose: 'invite', expiresAt: null });
  const accepted = await api().request('/waitlist/invitation/accept', { method: 'POST', body: { token: token.raw } });
  expect(accepted.status).toBe(200);
  const listed = await api().request(`/waitlist/tickets?token=${token.raw}`);
  expect(listed.status).toBe(200);
  const tickets = listed.body.data.tickets as { url: string; state: string }[];
  return { id: entry.id, email, inviteToken: token.raw, codes: tickets.map((ticket) => codeOf(ticket.url)) };
}

async function entryIdOf(email: string): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    'select id::text from waitlist.entries where email_normalized = lower($1)',
    [email],
  );
  return rows[0]!.id;
}

/** Joins through the public sign-up (with a ticket, if given) and confirms: resolves to the entry and its link token. */
async function joinAndConfirm(email: string, ticket?: string): Promise<{ id: string; token: string }> {
  const joined = await api().request('/waitlist', { method: 'POST', body: ticket ? { email, ticket } : { email } });
  expect(joined.status).toBe(200);
  const id = await entryIdOf(email);
  const token = await buildToken(pool(), id);
  const confirmed = await api().request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
  expect(confirmed.status).toBe(200);
  return { id, token: token.raw };
}

async function ticketState(code: string) {
  const answer = await api().request(`/waitlist/ticket?code=${code}`);
  return answer.status === 200 ? answer.body.data.state : answer.body.code;
}

async function usedBy(code: string): Promise<string | null> {
  const hash = createHash('sha256').update(code).digest();
  const { rows } = await pool().query<{ usedBy: string | null }>(
    'select used_by::text as "usedBy" from waitlist.tickets where code_hash = $1',
    [hash],
  );
  return rows[0]?.usedBy ?? null;
}

function attach(token: string, ticket: string, on: ApiHarness = api()) {
  return on.request('/waitlist/ticket/attach', { method: 'POST', body: { token, ticket } });
}

async function invite(count: number, city?: number) {
  const answer = await api().request('/api/admin/waitlist/invitations', {
    method: 'POST',
    token: admin,
    body: city === undefined ? { count } : { count, city },
  });
  expect(answer.status).toBe(202);
  return answer.body as { waveId: number; invited: number };
}

async function statusOf(id: string): Promise<string> {
  const { rows } = await pool().query<{ status: string }>('select status from waitlist.entries where id = $1', [id]);
  return rows[0]!.status;
}

async function invitationMails(id: string): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `select count(*)::int as n from waitlist.outbox where kind = 'invitation' and entry_id = $1`,
    [id],
  );
  return rows[0]!.n;
}

async function chooseCity(token: string, cityId: number) {
  const chosen = await api().request('/waitlist/city', { method: 'POST', body: { token, cityId } });
  expect(chosen.status).toBe(200);
}

describe("an admitted member's tickets", () => {
  it('are TICKETS_PER_MEMBER links made when the invitation is accepted, the same on every view, stored hashed', async () => {
    const ada = await member('tkmember');
    expect(ada.codes).toHaveLength(3);
    expect(new Set(ada.codes).size).toBe(3);
    for (const code of ada.codes) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await api().request(`/waitlist/tickets?token=${ada.inviteToken}`);
    expect(again.body.data.tickets.map((ticket: { url: string }) => codeOf(ticket.url))).toEqual(ada.codes);
    expect(again.body.data.tickets[0].url).toBe(`http://mmdm.test/waitlist?ticket=${ada.codes[0]}`);
    expect(again.body.data.tickets.map((ticket: { state: string }) => ticket.state)).toEqual(['open', 'open', 'open']);

    // The database holds each code's SHA-256, never the code.
    const { rows } = await pool().query<{ row: string }>(
      `select row_to_json(t)::text as row from waitlist.tickets t where owner_id = $1`,
      [ada.id],
    );
    expect(rows).toHaveLength(3);
    for (const code of ada.codes) expect(rows.map((row) => row.row).join()).not.toContain(code);
    for (const code of ada.codes) expect(await ticketState(code)).toBe('open');
  });

  it('are none while the invitation is not accepted, and an unknown link says so', async () => {
    const entry = await buildEntry(pool(), { email: uniqueEmail('tkinvited'), status: 'invited' });
    const token = await buildToken(pool(), entry.id, { purpose: 'invite', expiresAt: null });
    const listed = await api().request(`/waitlist/tickets?token=${token.raw}`);
    expect(listed.body.data).toEqual({ tickets: [] });
    const unknown = await api().request(`/waitlist/tickets?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await ticketState('y'.repeat(43))).toBe('ticket_invalid');
    const damaged = await api().request('/waitlist/ticket?code=short');
    expect(damaged.status).toBe(400);
  });
});

describe('a friend joining with a ticket', () => {
  it('uses it at the confirmation, once: a second friend with the same ticket joins without it', async () => {
    const ada = await member('tkjoin');
    const code = ada.codes[0]!;
    const bea = await joinAndConfirm(uniqueEmail('tkbea'), code);
    expect(await usedBy(code)).toBe(bea.id);
    expect(await ticketState(code)).toBe('used');
    const listed = await api().request(`/waitlist/tickets?token=${ada.inviteToken}`);
    expect(listed.body.data.tickets[0].state).toBe('used');

    // Another friend with the same link: confirmed all the same, the ticket still Bea's.
    const cai = await joinAndConfirm(uniqueEmail('tkcai'), code);
    expect(await statusOf(cai.id)).toBe('confirmed');
    expect(await usedBy(code)).toBe(bea.id);
    const refused = await attach(cai.token, code);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ticket_used');
    // Bea again: the same ticket is hers already.
    expect((await attach(bea.token, code)).body.data).toEqual({ state: 'used' });
  });

  it('two friends already in line using one ticket at the same moment: one gets it, and is invited once', async () => {
    const ada = await member('tkrace');
    const code = ada.codes[1]!;
    const city = await buildCity(pool());
    const dan = await joinAndConfirm(uniqueEmail('tkdan'));
    const eve = await joinAndConfirm(uniqueEmail('tkeve'));
    await chooseCity(dan.token, city.id);
    await chooseCity(eve.token, city.id);

    const answers = await Promise.all([attach(dan.token, code), attach(eve.token, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.code).toBe('ticket_used');
    const winner = answers[0]!.status === 200 ? dan : eve;
    expect(await usedBy(code)).toBe(winner.id);

    await invite(1, city.id);
    await invite(1, city.id);
    expect(await statusOf(winner.id)).toBe('invited');
    expect(await invitationMails(winner.id)).toBe(1);
    // Invited already: another ticket would change nothing.
    const more = await attach(winner.token, ada.codes[2]!);
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('ticket_not_needed');
  });

  it('a pending friend keeps the ticket until confirming', async () => {
    const ada = await member('tkpending');
    const email = uniqueEmail('tkfay');
    await api().request('/waitlist', { method: 'POST', body: { email } });
    const id = await entryIdOf(email);
    const token = await buildToken(pool(), id);
    const kept = await attach(token.raw, ada.codes[0]!);
    expect(kept.body.data).toEqual({ state: 'attached' });
    expect(await ticketState(ada.codes[0]!)).toBe('open');
    await api().request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
    expect(await usedBy(ada.codes[0]!)).toBe(id);
  });
});

describe('the "Your data" page', () => {
  it("lists a member's tickets and the ticket a friend used, naming neither to the other", async () => {
    const ada = await member('tkdata');
    const joEmail = uniqueEmail('tkjo');
    const jo = await joinAndConfirm(joEmail, ada.codes[1]);
    const exportOf = async (id: string) => {
      const link = await buildToken(pool(), id, { purpose: 'data_access' });
      const opened = await api().request('/waitlist/your-data/open', { method: 'POST', body: { token: link.raw } });
      expect(opened.status).toBe(200);
      return opened.body.data;
    };
    const mine = await exportOf(ada.id);
    expect(mine.tickets).toEqual({
      given: [
        { state: 'open', usedAt: null },
        { state: 'used', usedAt: expect.any(String) },
        { state: 'open', usedAt: null },
      ],
      used: null,
    });
    const theirs = await exportOf(jo.id);
    expect(theirs.tickets).toEqual({
      given: [],
      used: { at: expect.any(String), held: false, revoked: false },
    });
    expect(JSON.stringify(mine)).not.toContain(joEmail);
    expect(JSON.stringify(theirs)).not.toContain(ada.email);
  });
});

describe('a ticket nobody may use', () => {
  it('is refused to its own member, under any spelling of their address', async () => {
    const local = `tkown${Date.now().toString(36)}`;
    const ada = await member('tkown', `${local}@example.com`);
    const ownPlace = await buildToken(pool(), ada.id);
    const own = await attach(ownPlace.raw, ada.codes[0]!);
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('ticket_own');

    // A second address of hers (a +tag): confirmed, but the ticket is not used; using it from the page says why.
    const alias = await joinAndConfirm(`${local}+friend@example.com`, ada.codes[0]);
    expect(await usedBy(ada.codes[0]!)).toBeNull();
    const refused = await attach(alias.token, ada.codes[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ticket_own');
    expect(await ticketState(ada.codes[0]!)).toBe('open');
  });

  it('is refused once revoked by an admin (audited); a viewer may not revoke', async () => {
    const ada = await member('tkrevoke');
    const { rows } = await pool().query<{ id: string }>(
      'select id::text from waitlist.tickets where owner_id = $1 order by slot',
      [ada.id],
    );
    const id = rows[0]!.id;
    const path = `/api/admin/waitlist/tickets/${id}/revoke`;
    const byViewer = await api().request(path, { method: 'POST', token: viewer, body: { reason: 'sold online' } });
    expect(byViewer.status).toBe(403);
    const revoked = await api().request(path, { method: 'POST', token: admin, body: { reason: 'sold online' } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: Number(id), state: 'revoked', revokedReason: 'sold online' });
    const again = await api().request(path, { method: 'POST', token: admin, body: { reason: 'sold online' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ticket_revoked');
    const unknown = await api().request('/api/admin/waitlist/tickets/999999999/revoke', {
      method: 'POST',
      token: admin,
      body: { reason: 'x' },
    });
    expect(unknown.status).toBe(404);
    const empty = await api().request(path, { method: 'POST', token: admin, body: { reason: '' } });
    expect(empty.status).toBe(400);
    const { rows: audit } = await pool().query<{ details: Record<string, unknown> }>(
      `select details from waitlist.audit_log where action = 'ticket.revoke' and target = $1`,
      [id],
    );
    expect(audit).toEqual([{ details: { reason: 'sold online', owner: ada.id, usedBy: null } }]);

    expect(await ticketState(ada.codes[0]!)).toBe('revoked');
    const gus = await joinAndConfirm(uniqueEmail('tkgus'), ada.codes[0]);
    expect(await usedBy(ada.codes[0]!)).toBeNull();
    const refused = await attach(gus.token, ada.codes[0]!);
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('ticket_revoked');
    const listed = await api().request(`/waitlist/tickets?token=${ada.inviteToken}`);
    expect(listed.body.data.tickets[0].state).toBe('revoked');
  });
});

describe('the next wave of the friend’s city', () => {
  it('invites the friend holding a ticket ahead of better places, and a wave of another city does not', async () => {
    await freshLine(pool());
    const lisbon = await buildCity(pool());
    const porto = await buildCity(pool());
    const ahead = [];
    for (let index = 0; index < 3; index += 1) {
      const person = await joinAndConfirm(uniqueEmail(`tkahead${index}`));
      await chooseCity(person.token, lisbon.id);
      ahead.push(person);
    }
    const ada = await member('tkwave');
    const hal = await joinAndConfirm(uniqueEmail('tkhal'), ada.codes[0]);
    await chooseCity(hal.token, lisbon.id);
    expect(await usedBy(ada.codes[0]!)).toBe(hal.id);

    // Porto's wave: Hal is not Porto's.
    await invite(5, porto.id);
    expect(await statusOf(hal.id)).toBe('confirmed');
    // Lisbon's wave of two: Hal first (his place is the worst), then the best place.
    const wave = await invite(2, lisbon.id);
    expect(wave.invited).toBe(2);
    expect(await statusOf(hal.id)).toBe('invited');
    expect(await Promise.all(ahead.map((person) => statusOf(person.id)))).toEqual([
      'invited',
      'confirmed',
      'confirmed',
    ]);
    const { rows } = await pool().query<{ id: string }>(
      'select id::text from waitlist.entries where wave_id = $1 order by invited_at, id',
      [wave.waveId],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([ahead[0]!.id, hal.id].sort());
    // Once: the next wave takes the places as before.
    await invite(1, lisbon.id);
    expect(await statusOf(ahead[1]!.id)).toBe('invited');
    expect(await invitationMails(hal.id)).toBe(1);
  });
});

describe("the staff's figures", () => {
  it('show tickets given, used, revoked and waiting, with an audited read', async () => {
    const before = await api().request('/api/admin/waitlist/tickets', { token: viewer });
    expect(before.status).toBe(200);
    const ada = await member('tkstaff');
    const ivy = await joinAndConfirm(uniqueEmail('tkivy'), ada.codes[0]);
    const sub = `tkviewer-${Date.now()}`;
    const token = await system.staff.sign('viewer', { sub });
    const after = await api().request('/api/admin/waitlist/tickets?limit=3', { token });
    expect(after.status).toBe(200);
    const { totals } = after.body;
    expect(totals.given - before.body.totals.given).toBe(3);
    expect(totals.used - before.body.totals.used).toBe(1);
    expect(totals.waiting - before.body.totals.waiting).toBe(1);
    const used = after.body.items.find((item: { usedBy: { id: number } | null }) => item.usedBy?.id === Number(ivy.id));
    expect(used).toMatchObject({ state: 'used', owner: { id: Number(ada.id), email: ada.email } });
    const usedOnly = await api().request('/api/admin/waitlist/tickets?state=used', { token });
    expect(usedOnly.body.items.every((item: { state: string }) => item.state === 'used')).toBe(true);
    const bad = await api().request('/api/admin/waitlist/tickets?state=lost', { token });
    expect(bad.status).toBe(400);
    const { rows } = await pool().query<{ action: string; details: { people: number } }>(
      'select action, details from waitlist.audit_log where actor_sub = $1 order by id',
      [sub],
    );
    expect(rows[0]).toMatchObject({ action: 'tickets.read', details: { people: expect.any(Number) } });
  });
});

describe('the referral-fraud rules', () => {
  let strict: ApiHarness;
  beforeAll(async () => {
    // One friend per network per window: the second friend from this machine's network is held.
    strict = await startApi(system.context, {
      staffKeys: system.staff.keys,
      env: { REFERRAL_HOLD_PER_NETWORK: '1', TICKETS_PER_MEMBER: '2' },
    });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('count tickets as referrals: a second friend from the same network is held, without going first', async () => {
    const email = uniqueEmail('tkfarm');
    const entry = await buildEntry(pool(), { email, status: 'invited' });
    const invitation = await buildToken(pool(), entry.id, { purpose: 'invite', expiresAt: null });
    await strict.request('/waitlist/invitation/accept', { method: 'POST', body: { token: invitation.raw } });
    const listed = await strict.request(`/waitlist/tickets?token=${invitation.raw}`);
    const codes = (listed.body.data.tickets as { url: string }[]).map((ticket) => codeOf(ticket.url));
    expect(codes).toHaveLength(2);

    const friends: string[] = [];
    for (const [index, code] of codes.entries()) {
      const friendEmail = uniqueEmail(`tkfarm${index}`);
      const joined = await strict.request('/waitlist', { method: 'POST', body: { email: friendEmail, ticket: code } });
      expect(joined.status).toBe(200);
      const id = await entryIdOf(friendEmail);
      const token = await buildToken(pool(), id);
      expect((await strict.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } })).status).toBe(
        200,
      );
      friends.push(id);
    }
    const { rows } = await pool().query<{ usedBy: string; heldRule: string | null }>(
      `select used_by::text as "usedBy", held_rule as "heldRule" from waitlist.tickets where owner_id = $1
        order by slot`,
      [entry.id],
    );
    expect(rows).toEqual([
      { usedBy: friends[0], heldRule: null },
      { usedBy: friends[1], heldRule: 'same_network' },
    ]);
    const held = await strict.request('/api/admin/waitlist/tickets?state=held', { token: viewer });
    const heldTicket = held.body.items.find(
      (item: { usedBy: { id: number } }) => String(item.usedBy.id) === friends[1],
    ) as { id: number };
    expect(heldTicket).toBeDefined();

    // An admin who finds the friend genuine lifts the hold (audited); a ticket not held cannot be "approved".
    const approved = await strict.request(`/api/admin/waitlist/tickets/${heldTicket.id}/approve`, {
      method: 'POST',
      token: admin,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'used', heldRule: null });
    const again = await strict.request(`/api/admin/waitlist/tickets/${heldTicket.id}/approve`, {
      method: 'POST',
      token: admin,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ticket_not_held');
    const { rows: audit } = await pool().query<{ details: Record<string, unknown> }>(
      `select details from waitlist.audit_log where action = 'ticket.approve' and target = $1`,
      [String(heldTicket.id)],
    );
    expect(audit).toEqual([{ details: { rule: 'same_network', owner: entry.id, usedBy: friends[1] } }]);
  });
});
