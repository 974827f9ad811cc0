import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.js';

describe('share links', () => {
  const url = 'https://mmdm.example/waitlist?ref=ADA-7K2Q';
  const message = {
    subject: 'Join me on the Meet Match Date Marry waitlist',
    text: 'Join with my link and confirm your address: it moves me up the line.',
    url,
  };

  it('carry the ready-made message and the link in each app’s own way', () => {
    const links = Object.fromEntries(shareLinks(message).map((link) => [link.name, link.href]));
    expect(Object.keys(links)).toEqual(['WhatsApp', 'SMS', 'E-mail', 'X']);
    const whatsApp = new URL(links.WhatsApp!);
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.searchParams.get('text')).toMatch(
      /moves me up the line\. https:\/\/mmdm\.example\/waitlist\?ref=ADA-7K2Q$/,
    );
    expect(decodeURIComponent(links.SMS!.replace('sms:?&body=', ''))).toContain(url);
    const mail = new URL(links['E-mail']!);
    expect(mail.searchParams.get('subject')).toBe('Join me on the Meet Match Date Marry waitlist');
    expect(mail.searchParams.get('body')).toContain(url);
    const x = new URL(links.X!);
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.searchParams.get('text')).not.toContain(url);
  });
});
