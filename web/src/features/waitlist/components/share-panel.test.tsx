import { describe, expect, it } from 'vitest';
import { speak } from '../../../testing/render-page.js';
import { shareLinks } from '../lib/share-links.js';
import { shareMessage } from './share-panel.js';

const url = 'https://mmdm.example/waitlist?ref=ADA-7K2Q';

describe('the ready-made share message', () => {
  it('in line, says joining with the link moves the person up', () => {
    const message = shareMessage(url, true);
    expect(message.subject).toBe('Join me on the Meet Match Date Marry waitlist');
    expect(message.text).toMatch(/moves me up the line\.$/);
    expect(message.url).toBe(url);
  });

  it('once invited, no longer promises that friends move the person up', () => {
    expect(shareMessage(url, false).text).not.toMatch(/move/i);
  });

  it('is written in the page’s language, to a friend (du), and the links carry it', async () => {
    await speak('de');
    const message = shareMessage(url, true);
    expect(message.subject).toBe('Komm mit auf die Warteliste von Meet Match Date Marry');
    expect(message.text).toMatch(/^Ich stehe auf der Warteliste .* Trag dich mit meinem Link ein/);
    const mail = new URL(shareLinks(message).find((link) => link.name === 'E-mail')!.href);
    expect(mail.searchParams.get('subject')).toBe(message.subject);
    expect(mail.searchParams.get('body')).toBe(`${message.text} ${url}`);
    expect(shareMessage(url, false).text).toMatch(/^Ich bin bei Meet Match Date Marry/);
  });
});
