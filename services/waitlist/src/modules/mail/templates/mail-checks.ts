/**
 * Checks a mail filter makes, made on our own output: a link whose text shows an address must go to that address
 * (SpamAssassin's phishing rules, and plain honesty), and images, if any, are never fetched from elsewhere.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m);
}

function stripTags(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ' '));
}

/** Links whose visible text looks like a URL or an address but is not where the link goes. */
export function linkProblems(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const href = decode(/\bhref="([^"]*)"/i.exec(match[1] ?? '')?.[1] ?? '');
    const text = stripTags(match[2] ?? '').trim();
    const looksLikeAddress = /^(https?:\/\/|www\.)/i.test(text) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
    if (!looksLikeAddress) continue;
    const target = href.replace(/^mailto:/i, '');
    if (target !== text) problems.push(`"${text}" goes to ${href}`);
  }
  return problems;
}

/** Every <img> whose source is not inline (cid:/data:). */
export function remoteImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)]
    .map((match) => match[1] ?? '')
    .filter((src) => !/^(cid|data):/i.test(src));
}

/** The words a reader sees: for HTML, the body's text without the hidden preview line. */
export function wordsOf(source: string, kind: 'html' | 'text'): Set<string> {
  let text = source;
  if (kind === 'html') {
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(source)?.[1] ?? source;
    const visible = body.replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div>\s*<\/div>/i, ' ');
    text = stripTags(visible);
  }
  return new Set(
    text
      .replace(/https?:\/\/\S+/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’,.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu)
      ?.map((word) => word.replace(/[,.]+$/, '')) ?? [],
  );
}
