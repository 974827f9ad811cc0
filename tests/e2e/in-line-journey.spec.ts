import { expect, test } from './fixtures.js';

/** Width and height of a baseline or progressive JPEG, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

test.describe('a share link previews well', () => {
  test('the waitlist and a share link carry Open Graph and Twitter card tags in the served HTML, with our own image', async ({
    request,
  }) => {
    for (const path of ['/waitlist', '/waitlist?ref=ADA7K2Q9']) {
      // What a link-preview crawler reads: the HTML as served, no script run.
      const html = await (await request.get(path)).text();
      const meta = (key: string) =>
        new RegExp(`<meta (?:property|name)="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html)?.[1];
      expect(meta('og:title'), path).toBe('Join the waitlist – Meet Match Date Marry');
      expect(meta('og:description'), path).toMatch(/^Be among the first to try Meet Match Date Marry/);
      expect(meta('og:image'), path).toMatch(/^https?:\/\/[^/]+\/images\/og-image\.jpg$/);
      expect([meta('og:image:width'), meta('og:image:height')], path).toEqual(['1200', '630']);
      expect(meta('og:image:alt'), path).toBeTruthy();
      expect(meta('twitter:card'), path).toBe('summary_large_image');
      expect(meta('twitter:title'), path).toBe(meta('og:title'));
      expect(meta('twitter:image'), path).toBe(meta('og:image'));
    }
    // The image ships with the site: served from our origin, 1200 × 630, under 100 kB.
    const image = await request.get('/images/og-image.jpg');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const bytes = await image.body();
    expect(bytes.length).toBeLessThan(100_000);
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});
