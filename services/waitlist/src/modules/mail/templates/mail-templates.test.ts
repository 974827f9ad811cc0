import { describe, expect, it } from 'vitest';
import {
  MAIL_TEMPLATE_NAMES,
  PERSON_MAIL_TEMPLATE_NAMES,
  previewMailTemplate,
  renderMail,
  type MailSite,
} from './mail-templates.js';
import { linkProblems, remoteImages, wordsOf } from './mail-checks.js';

const site: MailSite = {
  publicUrl: 'https://mmdm.test',
  supportEmail: 'support@mmdm.test',
  postalAddress: 'Rua das Flores 12, 1200-195 Lisboa, Portugal',
};

describe('every mail template', () => {
  it.each(PERSON_MAIL_TEMPLATE_NAMES)(
    '%s has the one footer: why, unsubscribe, data page, postal address',
    async (name) => {
      const mail = await previewMailTemplate(name, site);
      for (const part of [mail.html, mail.text]) {
        expect(part).toMatch(/You get this e-mail because/);
        expect(part).toContain('https://mmdm.test/unsubscribe?token=');
        expect(part).toContain('https://mmdm.test/your-data');
        expect(part).toContain('Rua das Flores 12, 1200-195 Lisboa, Portugal');
        expect(part).toContain('support@mmdm.test');
      }
    },
  );

  it.each(MAIL_TEMPLATE_NAMES)(
    '%s leaves the postal line out when MAIL_POSTAL_ADDRESS is unset, never a placeholder',
    async (name) => {
      const mail = await previewMailTemplate(name, { publicUrl: site.publicUrl, supportEmail: site.supportEmail });
      for (const part of [mail.html, mail.text]) {
        expect(part).not.toMatch(/postal address|MAIL_POSTAL_ADDRESS|undefined/i);
        expect(part).not.toContain('Meet Match Date Marry,');
        expect(part).toMatch(/You get this e-mail because/);
      }
    },
  );

  it.each(MAIL_TEMPLATE_NAMES)('%s says the same words in its text part as in its HTML part', async (name) => {
    const mail = await previewMailTemplate(name, site);
    // Every word a reader sees in the HTML is in the text, and the text adds only the link targets.
    const htmlWords = wordsOf(mail.html, 'html');
    const textWords = wordsOf(mail.text, 'text');
    expect([...htmlWords].filter((word) => !textWords.has(word))).toEqual([]);
    expect([...textWords].filter((word) => !htmlWords.has(word))).toEqual([]);
  });

  it.each(MAIL_TEMPLATE_NAMES)('%s shows no address in a link that goes elsewhere, and no image', async (name) => {
    const mail = await previewMailTemplate(name, site);
    expect(linkProblems(mail.html)).toEqual([]);
    expect(remoteImages(mail.html)).toEqual([]);
  });
});

describe('the contact mail, to our own support desk', () => {
  it('is the one mail not to a person on the list: why it came and the postal address, no unsubscribe link', async () => {
    expect(MAIL_TEMPLATE_NAMES.filter((name) => !PERSON_MAIL_TEMPLATE_NAMES.includes(name))).toEqual([
      'contact',
      'admin-alert',
    ]);
    const mail = await previewMailTemplate('contact', site);
    for (const part of [mail.html, mail.text]) {
      expect(part).toMatch(/You get this e-mail because support@mmdm\.test receives what visitors write/);
      expect(part).toContain('Rua das Flores 12, 1200-195 Lisboa, Portugal');
      expect(part).not.toContain('/unsubscribe');
    }
  });

  it('shows what the visitor typed as text, line breaks kept, never as HTML', async () => {
    const mail = await renderMail(
      'contact',
      {
        name: '<img src=x onerror=alert(1)>',
        email: 'ana@example.com',
        message: 'Line one\n<script>alert(1)</script>\nLine three',
        receivedAt: new Date('2026-03-02T14:05:00Z'),
        messageUrl: 'https://mmdm.test/admin/messages/7',
      },
      site,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Line one<br/>&lt;script&gt;alert(1)&lt;/script&gt;<br/>Line three');
    expect(mail.text).toContain('Line one\n<script>alert(1)</script>\nLine three');
    expect(mail.text.replace(/\s+/g, ' ')).toContain('2 March 2026 at 14:05 UTC');
  });
});

describe("the admin alert, to the staff panel's admins", () => {
  it('says why it came, links to the staff panel, and has no unsubscribe link', async () => {
    const mail = await previewMailTemplate('admin-alert', site);
    expect(mail.subject).toBe('Lisbon reached its opening threshold');
    for (const part of [mail.html, mail.text]) {
      expect(part.replace(/\s+/g, ' ')).toMatch(
        /You get this e-mail because you are an admin of the Meet Match Date Marry staff panel/,
      );
      expect(part).toContain('https://mmdm.test/admin');
      expect(part).not.toContain('/unsubscribe');
    }
  });
});

describe('the templates escape what people typed', () => {
  it('an address with markup in it is shown as text, never as HTML', async () => {
    const mail = await renderMail(
      'confirmation',
      {
        email: '"<b>x</b>"@example.com',
        confirmUrl: 'https://mmdm.test/confirm?token=a',
        unsubscribeUrl: 'https://mmdm.test/unsubscribe?token=b',
      },
      site,
    );
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('the welcome subject names the place', async () => {
    const mail = await renderMail(
      'welcome',
      {
        email: 'ana@example.com',
        place: 12_345,
        referralCode: 'ABC',
        shareUrl: 'https://mmdm.test/waitlist?ref=ABC',
        statusUrl: 'https://mmdm.test/confirm?token=t',
        unsubscribeUrl: 'https://mmdm.test/unsubscribe?token=u',
      },
      site,
    );
    expect(mail.subject).toBe('You are number 12,345 on the Meet Match Date Marry waitlist');
    expect(mail.text).toContain('12,345');
  });
});

describe('the invitation mail leads somewhere', () => {
  const props = {
    email: 'ana@example.com',
    city: 'Lisbon',
    inviteUrl: 'https://mmdm.test/invitation?token=T',
    unsubscribeUrl: 'https://mmdm.test/unsubscribe?token=U',
  };

  it('with APP_STORE_URL and PLAY_STORE_URL set, links to both stores', async () => {
    const stores = { appStore: 'https://apps.apple.com/app/id1', playStore: 'https://play.google.com/store/apps/x' };
    const mail = await renderMail('invitation', props, { ...site, stores });
    expect(mail.html).toContain(`href="${stores.appStore}"`);
    expect(mail.html).toContain(`href="${stores.playStore}"`);
    expect(mail.text).not.toMatch(/not in the App Store and Google Play yet/);
  });

  it('without them, says the person will hear from us the day the apps are out, and links no store', async () => {
    const mail = await renderMail('invitation', props, { ...site, stores: { appStore: null, playStore: null } });
    expect(mail.text.replace(/\s+/g, ' ')).toMatch(
      /The apps are not in the App Store and Google Play yet\. Accept your invitation now, and we will e-mail you again the day they are/,
    );
    expect(mail.html).not.toMatch(/apps\.apple\.com|play\.google\.com/);
  });
});

describe('the invitation mail names the city as each language says it', () => {
  const invitation = (city: string) => ({
    email: 'ana@example.com',
    city,
    inviteUrl: 'https://mmdm.test/invitation?token=T',
    unsubscribeUrl: 'https://mmdm.test/unsubscribe?token=U',
  });
  const sentence = (text: string) => text.replace(/\s+/g, ' ');

  it('in French, "à" contracts with the article a name starts with', async () => {
    for (const [city, said] of [
      ['Le Havre', 'Nous ouvrons Meet Match Date Marry au Havre,'],
      ["Les Sables-d'Olonne", "Nous ouvrons Meet Match Date Marry aux Sables-d'Olonne,"],
      ['La Rochelle', 'Nous ouvrons Meet Match Date Marry à La Rochelle,'],
    ] as const) {
      const mail = await renderMail('invitation', invitation(city), site, 'fr');
      expect(sentence(mail.text)).toContain(said);
      expect(mail.text).not.toMatch(/à Les? /);
    }
  });

  it('in Portuguese, the name stands on its own, where no preposition needs its article ("no Porto")', async () => {
    const mail = await renderMail('invitation', invitation('Porto'), site, 'pt');
    expect(sentence(mail.text)).toContain('Vamos abrir a Meet Match Date Marry na sua cidade (Porto)');
    expect(mail.text).not.toContain('em Porto');
  });

  it('in English, the sentence is as it was', async () => {
    const mail = await renderMail('invitation', invitation('Le Havre'), site);
    expect(sentence(mail.text)).toContain('We are opening Meet Match Date Marry in Le Havre,');
  });
});
