import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntries } from '../../testing/waitlist-factories.js';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

import { listStatements, SEARCH_LIMITS, trigramIsCheap } from './entries.repository.js';
import { listEntries } from './entries.service.js';
import { listEntries as listEntriesCall } from '@mmdm/contracts/calls/staff-waitlist';
import { decodeListQuery } from './entries.schema.js';

/*
 * Search with more entries than one bounded scan reads (SEARCH_LIMITS.scanRows = 10,000), shaped like launch day in
 * the benchmark: 25,000 older sign-ups at example.org, then 25,000 newer ones at launch.example.net. Either domain
 * matches more entries than the trigram path takes (SEARCH_LIMITS.trigramMaxMatches = 20,000). A term only the older
 * ones contain is the case that read 260,000 rows (72 ms) at 1,000,000 entries before the search was bounded.
 */
const OLDER = 25_000;
const NEWER = 25_000;

const system = useWaitlistApi();
let viewer: string;
beforeAll(async () => {
  viewer = await system.staff.sign('viewer');
  const minute = 60_000;
  const start = Date.now() - (OLDER + NEWER + 1) * minute;
  const addresses = Array.from({ length: OLDER + NEWER }, (_, i) =>
    i < OLDER ? `u${i + 1}@example.org` : `n${i + 1}@launch.example.net`,
  );
  const entries = addresses.map((email, i) => ({ email, createdAt: new Date(start + (i + 1) * minute) }));
  // In statements of 10,000 rows: each well within the pool's read timeout on a busy machine.
  for (let from = 0; from < entries.length; from += 10_000) {
    await buildEntries(system.context.pool, entries.slice(from, from + 10_000));
  }
  // Every 7th older sign-up confirmed, for searches with a status filter.
  await system.context.pool.query(
    `update waitlist.entries set status = 'confirmed', confirmed_at = created_at
      where email_normalized like 'u%@example.org' and split_part(substr(email_normalized, 2), '@', 1)::int % 7 = 0`,
  );
  await system.context.pool.query('vacuum analyze waitlist.entries');
}, 60_000);

interface Page {
  items: { email: string; createdAt: string }[];
  nextCursor: string | null;
  searchedThrough: string | null;
}

async function page(query: string): Promise<Page> {
  const answer = await system.api.request(`/api/admin/waitlist/entries?${query}`, { token: viewer });
  expect(answer.status).toBe(200);
  return answer.body as Page;
}

/** What a complete search would list first, straight from the table. */
async function newestMatches(term: string, limit: number, status?: string): Promise<string[]> {
  const { rows } = await system.context.pool.query<{ email: string }>(
    `select email from waitlist.entries where strpos(email_normalized, $1) > 0 and ($3::text is null or status = $3)
      order by created_at desc, id desc limit $2`,
    [term, limit, status ?? null],
  );
  return rows.map((row) => row.email);
}

/** Pages on, as a person pressing Next would, until a page has matches: those pages, in order. */
async function pagesUntilMatches(query: string): Promise<Page[]> {
  const pages = [await page(query)];
  while (pages.at(-1)!.items.length === 0 && pages.at(-1)!.nextCursor && pages.length < 20) {
    pages.push(await page(`${query}&cursor=${pages.at(-1)!.nextCursor}`));
  }
  return pages;
}

/** Pages the bounded scan needs to read past `entries` entries without a match, plus the one that finds them. */
const pagesPast = (entries: number) => Math.floor(entries / SEARCH_LIMITS.scanRows) + 1;

describe('search over more entries than one request reads', () => {
  it('a broad term only older entries contain answers at once, says how far it read, and Next goes on', async () => {
    const pages = await pagesUntilMatches('q=example.org&limit=50');
    // Each page read the next 10,000 entries: the newer ones without a match give honest empty pages quickly rather
    // than one long wait, each saying how far it read.
    expect(pages).toHaveLength(pagesPast(NEWER));
    const { rows } = await system.context.pool.query<{ createdAt: Date }>(
      `select created_at as "createdAt" from waitlist.entries order by created_at desc, id desc offset $1 limit 1`,
      [SEARCH_LIMITS.scanRows - 1],
    );
    expect(pages[0]!.searchedThrough).toBe(rows[0]!.createdAt.toISOString());
    for (const empty of pages.slice(0, -1)) {
      expect(empty.items).toEqual([]);
      expect(empty.searchedThrough).not.toBeNull();
    }
    const found = pages.at(-1)!;
    expect(found.items.map((item) => item.email)).toEqual(await newestMatches('example.org', 50));
    expect(found.items[0]?.email).toBe(`u${OLDER}@example.org`);
    expect(found.searchedThrough).toBeNull();
    expect(found.nextCursor).not.toBeNull();
  });

  it('with a status filter, reads the same bounded stretch of the list and keeps that status only', async () => {
    const pages = await pagesUntilMatches('q=example.org&status=confirmed&limit=50');
    expect(pages).toHaveLength(pagesPast(NEWER));
    expect(pages.at(-1)!.items.map((item) => item.email)).toEqual(await newestMatches('example.org', 50, 'confirmed'));
  });

  it('a broad term the newest entries contain fills the first page straight away', async () => {
    const first = await page('q=launch.example&limit=50');
    expect(first.items.map((item) => item.email)).toEqual(await newestMatches('launch.example', 50));
    expect(first.searchedThrough).toBeNull();
  });

  it('a term only one old entry contains finds it on the first page (trigram index, not the bounded scan)', async () => {
    const first = await page('q=u123@&limit=50');
    expect(first.items.map((item) => item.email)).toEqual(['u123@example.org']);
    expect(first.searchedThrough).toBeNull();
    expect(first.nextCursor).toBeNull();
  });

  it('a term with no trigram to look up (only separators) is read by the bounded scan, never the whole index', async () => {
    const first = await page(`q=${encodeURIComponent('@.-')}&limit=50`);
    expect(first.items).toEqual([]);
    expect(first.searchedThrough).not.toBeNull();
  });

  it('oldest first, a term only newer entries contain is bounded the same way from the other end', async () => {
    const pages = await pagesUntilMatches('q=launch.example&order=asc&limit=50');
    expect(pages).toHaveLength(pagesPast(OLDER));
    expect(pages.at(-1)!.items[0]?.email).toBe(`n${OLDER + 1}@launch.example.net`);
    expect(pages.at(-1)!.items).toHaveLength(50);
  });

  it('when the trigram lookup runs over its time, the bounded scan answers instead of an error', async () => {
    // Every trigram of this term is in nearly every address, but the whole term in none: the statistics call it rare
    // and the planner picks the trigram index, which must then intersect posting lists of all 50,000 rows.
    const query = decodeListQuery(listEntriesCall.query.schema.parse({ q: 'org.exam', limit: '50' }));
    expect(await trigramIsCheap(system.context.pool, listStatements(query).term!, SEARCH_LIMITS)).toBe(true);
    const answer = await listEntries(system.context.pool, query, { ...SEARCH_LIMITS, trigramTimeoutMs: 1 });
    expect(answer.rows).toEqual([]);
    expect(answer.searchedThrough).toBeInstanceOf(Date);
    expect(answer.next).toBeDefined();
  });
});
