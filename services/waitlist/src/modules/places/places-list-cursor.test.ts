import { beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildToken } from '../../testing/waitlist-factories.js';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let viewer: string;
let cityId: number;
beforeAll(async () => {
  viewer = await system.staff.sign('viewer');
  cityId = (await buildCity(system.context.pool)).id;
  // Confirmed through the API, so each takes a real place (a key and a queue number) in the city.
  for (let i = 0; i < 3; i++) {
    const entry = await buildEntry(system.context.pool, {
      email: uniqueEmail(`cursor${i}`),
      cityId,
    });
    const token = await buildToken(system.context.pool, entry.id);
    const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
    expect(confirmed.status).toBe(200);
  }
});

const encode = (keys: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(keys)).toString('base64'));

async function list(query: string) {
  return system.api.request(`/api/admin/waitlist/entries?${query}`, { token: viewer });
}

describe('the Users list by place or by city refuses a cursor it did not hand out', () => {
  it.each([
    ['letters for a place key', 'order=place', ['abc', '1']],
    ['a 20-digit place key', 'order=place', ['12345678901234567890', '1']],
    ['a place key past the 64-bit range', 'order=place', ['9223372036854775808', '1']],
    ['a queue number past the 64-bit range', 'order=place', ['1', '9999999999999999999']],
    ['a timestamp for a place key', 'order=place', ['2026-01-01 00:00:00+00', '1']],
    ['year 0 with a city', 'city=CITY', ['0000-01-01 00:00:00+00', '1']],
    ['30 February with a city', 'city=CITY', ['2026-02-30 10:00:00+00', '1']],
    ['letters for a time with a city', 'city=CITY', ['abc', '1']],
    ['a 20-digit id with a city', 'city=CITY', ['2026-01-01 00:00:00+00', '12345678901234567890']],
    ['a place key with a city', 'city=CITY', ['123', '1']],
  ])('with %s: 400 naming the cursor, never a 500', async (_label, filter, keys) => {
    const answer = await list(`${filter.replace('CITY', String(cityId))}&cursor=${encode(keys)}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation_error' });
    expect(answer.body.issues).toEqual([{ path: 'cursor', message: 'The cursor is not one this service handed out.' }]);
  });

  it.each([['order=place'], ['city=CITY'], ['city=CITY&order=asc'], ['order=place&city=CITY']])(
    'still pages through %s with the cursors it hands out',
    async (filter) => {
      const query = filter.replace('CITY', String(cityId));
      const first = await list(`${query}&limit=1`);
      expect(first.status).toBe(200);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await list(`${query}&limit=1&cursor=${first.body.nextCursor as string}`);
      expect(second.status).toBe(200);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    },
  );
});

describe('the Users list is one answer whatever its order or filter', () => {
  it('shows an entry the same by time, by place and within its city', async () => {
    const [byTime, byPlace, inCity] = await Promise.all([
      list('limit=100'),
      list('order=place&limit=100'),
      list(`city=${cityId}&limit=100`),
    ]);
    expect([byTime.status, byPlace.status, inCity.status]).toEqual([200, 200, 200]);
    const [one] = inCity.body.items as { id: number }[];
    expect(one).toBeDefined();
    const find = (items: { id: number }[]) => items.find((item) => item.id === one!.id);
    expect(find(byTime.body.items)).toEqual(one);
    expect(find(byPlace.body.items)).toEqual(one);
    expect(one).toMatchObject({ position: expect.any(Number), cityId, suppressed: null });
  });

  it.each([['order=place'], ['city=CITY']])('refuses a search with %s, naming the search', async (filter) => {
    const answer = await list(`${filter.replace('CITY', String(cityId))}&q=cursor`);
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { path: 'q', message: 'Search the whole list, or filter by place or city: not both.' },
    ]);
  });
});
