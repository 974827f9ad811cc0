import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { emailKey } from '@mmdm/contracts/email';
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, type Mailbox } from './fixtures.js';
import { chooseCity, joinAndConfirm, linkInMail } from './in-line-support.js';
import { signInWithPassword, writeToken } from './staff-session.js';

/*
 * What staff do before a journey can go on, done as staff do it in the panel: signing in, adding a city, sending a
 * wave. And staff screens with realistic rows: long addresses, every status, cities, waves, audit rows from IPv6
 * networks, contact messages, the review queue. Seeded straight into Postgres (the screens only read them), each
 * run's rows tagged so tests can find their own.
 */

/**
 * Signs in through the panel's form with an account that has no second factor (the bootstrap admin), and lands on
 * the dashboard. The form's own cases: admin-session.spec.ts.
 */
export async function signInAsStaff(page: Page, account: { email: string; password: string }): Promise<void> {
  await signInWithPassword(page, '', account.email, account.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** A city name no other test or run uses (`Tickets 3fa9c1`): waves take the best places of a city. */
export const cityOfItsOwn = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** Adds `city` in Settings › Cities, signed in as staff, and waits for its row. */
export async function addCity(page: Page, city: string): Promise<void> {
  await page.goto('/admin/settings/cities');
  await page.getByLabel('City name').fill(city);
  await page.getByRole('button', { name: 'Add city' }).click();
  await expect(page.getByRole('rowheader', { name: city })).toBeVisible();
}

/** The Launch screen's wave form filled for one invitation in `city`, not sent: the preview is there to read. */
export async function prepareWaveOfOne(page: Page, city: string): Promise<void> {
  await page.goto('/admin/launch');
  await page.getByLabel('How many').fill('1');
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
}

/** Sends the wave the form holds, confirming in the dialog, and waits until staff are told its invitation went. */
export async function sendWaveOfOne(page: Page, city: string): Promise<void> {
  await page.getByRole('button', { name: 'Invite…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText(`Invited 1 person in ${city}. Their invitation e-mails are on their way.`)).toBeVisible();
}

/** Staff invite the best place in `city`: a wave of one, sent. */
export async function inviteOne(page: Page, city: string): Promise<void> {
  await prepareWaveOfOne(page, city);
  await sendWaveOfOne(page, city);
}

/**
 * A member of the test's own, with the tickets a member gets: staff sign in and add a city of its own (`cityPrefix`),
 * `email` joins, confirms and chooses it, and a wave of one invites them, alone in it. Answers the city, the
 * person's place link and the invitation link, not yet opened. Staff stay signed in.
 */
export async function invitedAloneInACity(
  page: Page,
  mailbox: Mailbox,
  admin: { email: string; password: string },
  email: string,
  cityPrefix: string,
): Promise<{ city: string; placeLink: string; invitationLink: string }> {
  const city = cityOfItsOwn(cityPrefix);
  await signInAsStaff(page, admin);
  await addCity(page, city);
  const placeLink = await joinAndConfirm(page, mailbox, email);
  await chooseCity(page, city);
  await inviteOne(page, city);
  return { city, placeLink, invitationLink: await linkInMail(mailbox, email, '/invitation') };
}

/** Opens the panel already signed in (the login form itself is covered in admin-session.spec.ts). */
export async function openPanel(page: Page, token: string, path: string) {
  await page.goto('/admin/login');
  await writeToken(page, token);
  await page.goto(path);
}

/** Every axe finding (any impact) on the page, as readable lines: staff pages must have none. */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

export interface StaffRows {
  tag: string;
  emails: string[];
  city: string;
  staffEmail: string;
}

/** A realistic slice of a launch: the longest rows staff will meet, in every state. */
export async function seedStaffRows(databaseUrl: string, request: APIRequestContext, adminToken: string) {
  const tag = randomBytes(3).toString('hex');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const city = `Rio de Janeiro ${tag}`;
    const cityId = (
      await client.query<{ id: number }>('insert into waitlist.cities (name) values ($1) returning id', [city])
    ).rows[0]!.id;
    await client.query('insert into waitlist.cities (name) values ($1), ($2)', [`São Paulo ${tag}`, `Lisboa ${tag}`]);
    const people = [
      { local: 'maria.fernanda.oliveira.santos', domain: 'protonmail.com', status: 'confirmed', credits: 12 },
      { local: 'konstantinos.papadopoulos', domain: 'university-of-thessaloniki.edu.gr', status: 'pending' },
      { local: 'anne-sophie.de-la-fontaine', domain: 'example.co.uk', status: 'invited' },
      { local: 'jo', domain: 'ex.io', status: 'admitted' },
      { local: 'unsubscribed.person.with.long.name', domain: 'outlook.com', status: 'unsubscribed' },
      { local: 'christopher.alexander.montgomery', domain: 'gmail.com', status: 'confirmed', credits: 3 },
    ];
    const emails: string[] = [];
    for (const [index, person] of people.entries()) {
      const email = `${person.local}.${tag}@${person.domain}`;
      emails.push(email);
      const { rows } = await client.query<{ id: string }>(
        `insert into waitlist.entries (email, email_normalized, status, referral_source, city_id, credits,
                                       confirmed_at, invited_at, admitted_at, unsubscribed_at)
         values ($1, lower($1), $2, $3, $4, $5,
                 -- Confirmed at 10:58 PM: a time as wide as any, whatever the hour the run happens at.
                 case when $2 <> 'pending' then date_trunc('day', now() - interval '2 days') + interval '22 hours 58 minutes' end,
                 case when $2 in ('invited', 'admitted') then now() - interval '1 day' end,
                 case when $2 = 'admitted' then now() - interval '3 hours' end,
                 case when $2 = 'unsubscribed' then now() end)
         returning id`,
        [email, person.status, index % 2 ? 'newsletter-spring' : 'FRIEND-7QX2', cityId, person.credits ?? 0],
      );
      if (person.status === 'confirmed') {
        // Into the line as a confirmation puts them (modules/places: enterLine), so they show a place.
        await client.query(
          `update waitlist.entries
              set queue_seq = nextval('waitlist.queue_seq'),
                  place_key = waitlist.place_key(currval('waitlist.queue_seq'), credits,
                                                 (select boost from waitlist.place_rule)),
                  email_canonical = waitlist.canonical_email(email_normalized)
            where id = $1`,
          [rows[0]!.id],
        );
      }
    }
    // Two addresses no mail goes to, with the longest reasons staff read beside the status (on the list under the
    // waitlist's own key, as unsubscribing or a bounce puts them: services/waitlist/src/lib/suppression.repository.ts).
    const { rows: keys } = await client.query<{ secret: string }>(
      `select secret from waitlist.service_keys where name = 'suppression'`,
    );
    const suppressionKey = keys[0]?.secret;
    if (!suppressionKey) throw new Error('the waitlist has not made its suppression key: is the system up?');
    const suppressed: [string, string][] = [
      [emails[4]!, 'unsubscribed'],
      [emails[5]!, 'hard_bounce'],
    ];
    for (const [email, reason] of suppressed) {
      await client.query(
        `insert into waitlist.suppressions (email_hash, reason, source) values ($1, $2, 'e2e')
         on conflict (email_hash) do nothing`,
        [createHmac('sha256', suppressionKey).update(emailKey(email)).digest(), reason],
      );
    }
    // The review queue: a flagged sign-up.
    await client.query(
      `insert into waitlist.entries (email, email_normalized, status, review_state, review_reasons)
       values ($1, lower($1), 'pending', 'flagged', array['dns_unavailable'])`,
      [`flagged.sign-up.${tag}@mail-domain-that-did-not-resolve.example`],
    );
    const staffEmail = `alexandra.konstantinidou.${tag}@staff.meetmatchdatemarry.com`;
    const created = await request.post('/api/admin/staff', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { email: staffEmail, password: `a long staff passphrase ${tag}`, role: 'viewer' },
    });
    expect(created.status()).toBe(201);
    await client.query(
      `insert into waitlist.invitation_waves (created_by_sub, created_by_email, city_id, requested, invited)
       values ('e2e', $1, $2, 250, 248)`,
      [staffEmail, cityId],
    );
    // Audit rows from the longest address and the longest IP a row can carry (a full IPv6 address), and the terms
    // staff search for: a hyphenated name and a whole address, quoted in the row's words.
    await client.query(
      `insert into waitlist.audit_log (actor_sub, actor_email, actor_role, action, target, ip, details)
       values ('e2e', $1, 'admin', 'entries.export', null, '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
               '{"status":"confirmed","q":"oliveira"}'),
              ('e2e', $1, 'admin', 'entries.export', null, '2001:db8::1', $3),
              ('e2e', $1, 'admin', 'entries.search', null, '2001:db8::1',
               '{"q":"anne-sophie-de-la-fontaine-du-bois"}'),
              ('e2e', $1, 'admin', 'city.create', '3', '2001:0db8:85a3:0000:0000:8a2e:0370:7334', $2),
              ('retention', null, 'system', 'retention.purge', null, null, '{"unconfirmed":12,"unsubscribed":3}')`,
      [staffEmail, JSON.stringify({ name: city }), JSON.stringify({ q: `export-${tag}-${emails[2]}` })],
    );
    await client.query(
      `insert into waitlist.contact_messages (name, email, email_normalized, message)
       values ($1, $2, lower($2), 'Hello! When do you launch in Rio? I would love to bring my friends along.')`,
      [`Maria Fernanda de Oliveira Santos ${tag}`, emails[0]],
    );
    return { tag, emails, city, staffEmail } satisfies StaffRows;
  } finally {
    await client.end();
  }
}

/**
 * In the browser: every cell of every staff table on the page, checked as a reader would see it. A word (text between
 * spaces, or between an address's <wbr> break points) laid out on more than one line is broken; a cell whose content
 * is wider than the cell overflows; a status pill or date on two lines is broken; `fits`: the table is no wider than
 * its box. Written as a string: the tests' TypeScript has no DOM types.
 */
const MEASURE = `(() => {
  const problems = [];
  const lines = (rects) => new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  const tables = [...document.querySelectorAll('table.adm-table')].filter((t) => t.getClientRects().length > 0);
  for (const table of tables) {
    const name = table.closest('[role=region]')?.getAttribute('aria-label') ?? 'table';
    const box = table.closest('.adm-table-wrap');
    if (box && box.scrollWidth > box.clientWidth + 1)
      problems.push(name + ': wider than its box (' + table.scrollWidth + ' > ' + box.clientWidth + ' px)');
    for (const cell of table.querySelectorAll('th, td')) {
      const label = name + ' [' + cell.textContent.trim().slice(0, 40) + ']';
      if (cell.scrollWidth > cell.clientWidth + 1)
        problems.push(label + ': overflows its cell (' + cell.scrollWidth + ' > ' + cell.clientWidth + ')');
      for (const pill of cell.querySelectorAll('.adm-badge, .adm-date, time, .adm-button'))
        if (lines(pill.getClientRects()) > 1) problems.push(label + ': "' + pill.textContent + '" on two lines');
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        const words = /\\S+/g;
        for (let match = words.exec(text); match; match = words.exec(text)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lines(range.getClientRects()) > 1) problems.push(label + ': "' + match[0] + '" broken inside the word');
        }
      }
    }
  }
  return { tables: tables.length, problems };
})()`;

export async function tableLayoutProblems(page: Page): Promise<{ tables: number; problems: string[] }> {
  return page.evaluate(MEASURE) as Promise<{ tables: number; problems: string[] }>;
}
