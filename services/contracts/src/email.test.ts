import { describe, expect, it } from 'vitest';
import { checkEmailAddress, emailKey } from './email.js';

const staff = { deliverable: false };
const mailed = { deliverable: true };

describe('the e-mail address rule', () => {
  it('turns full-width and other compatibility forms into the ASCII they look like', () => {
    expect(checkEmailAddress('ａｄｍｉｎ@bars.test', staff)).toEqual({ ok: true, address: 'admin@bars.test' });
    expect(checkEmailAddress('  𝐚dmin@ｂａｒｓ.test\u3000', mailed)).toEqual({ ok: true, address: 'admin@bars.test' });
  });

  it.each([
    ['zero-width space', 'admin@bars.test\u200b'],
    ['zero-width joiner inside', 'ad\u200dmin@bars.test'],
    ['byte-order mark', '\ufeffadmin@bars.test'],
    ['soft hyphen', 'ad\u00admin@bars.test'],
    ['right-to-left override', 'admin\u202e@bars.test'],
    ['variation selector', 'admin\ufe0f@bars.test'],
  ])('refuses an invisible character (%s)', (_name, raw) => {
    expect(checkEmailAddress(raw, staff)).toMatchObject({ ok: false, problem: 'invisible' });
  });

  it('refuses mixed-script look-alikes (a Cyrillic а among Latin letters)', () => {
    expect(checkEmailAddress('\u0430dmin@bars.test', staff)).toMatchObject({ ok: false, problem: 'not_ascii' });
    expect(checkEmailAddress('admin@b\u0430rs.test', mailed)).toMatchObject({ ok: false, problem: 'not_ascii' });
  });

  it('refuses control characters, the header-injection pair first', () => {
    expect(checkEmailAddress('a@b.test\r\nBcc: x@y.test', mailed)).toMatchObject({ ok: false, problem: 'control' });
  });

  it('lower-cases the domain, keeps the local part as typed, and keys on the whole address lower-cased', () => {
    const check = checkEmailAddress(' Ana.Lopez@Example.COM ', mailed);
    expect(check).toEqual({ ok: true, address: 'Ana.Lopez@example.com' });
    expect(emailKey('Ana.Lopez@example.com')).toBe('ana.lopez@example.com');
  });

  it('allows internal staff addresses, but asks mailed ones for a real domain', () => {
    expect(checkEmailAddress('admin@localhost', staff)).toEqual({ ok: true, address: 'admin@localhost' });
    expect(checkEmailAddress('admin@localhost', mailed)).toMatchObject({ ok: false, problem: 'syntax' });
    expect(checkEmailAddress('a@127.0.0.1', mailed)).toMatchObject({ ok: false, problem: 'syntax' });
  });

  it.each(['', '   ', 'no-at-sign', 'two@@ats.test', '"quoted"@x.test', 'a..b@x.test', `${'a'.repeat(65)}@x.test`])(
    'refuses %j',
    (raw) => {
      expect(checkEmailAddress(raw, mailed).ok).toBe(false);
    },
  );
});
