import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalData } from '@mmdm/contracts/privacy';
import { PREFIXED_LANGUAGES } from '../../../lib/i18n/page-language.js';
import { buildPersonalData } from '../../../testing/factories.js';
import { fakeNetwork, json } from '../../../testing/fake-network.js';
import { englishMessagesShown } from '../../../testing/page-texts.js';
import { renderInLanguage } from '../../../testing/render-page.js';
import { YourDataPanel } from './your-data-panel.js';

// The "Your data" page under /de/, /fr/, …: every part of it in the page's language, the person's data included.
const TOKEN = 'a'.repeat(43);
const SESSION = 'b'.repeat(43);
const DATA_MESSAGES = ['web.yourData.'];

/** Someone with a little of everything the page can say: credits held and refused, tickets, a review, a wave. */
const someone = buildPersonalData();
const data: PersonalData = {
  ...someone,
  status: 'invited',
  invitedAt: '2026-11-20T12:00:00.000Z',
  lastMailQueuedAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  credits: {
    ...someone.credits,
    received: [
      {
        state: 'held',
        reason: 'held',
        rule: 'same_network',
        at: '2026-11-03T10:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
      },
      {
        state: 'refused',
        reason: 'rejected_in_review',
        rule: null,
        at: '2026-11-03T11:00:00.000Z',
        decidedAt: '2026-11-04T09:00:00.000Z',
        decidedBy: 'staff',
      },
    ],
  },
  review: { state: 'approved', reasons: ['dns_unavailable'] },
  invitationWave: { id: 7, at: '2026-11-20T12:00:00.000Z', city: 'Lisbon' },
  consent: { at: '2026-11-01T10:00:00.000Z', policyVersion: null },
  tickets: {
    given: [
      { state: 'open', usedAt: null },
      { state: 'used', usedAt: '2026-11-10T10:00:00.000Z' },
      { state: 'revoked', usedAt: null },
    ],
    used: { at: '2026-11-02T10:00:00.000Z', held: true, revoked: false },
  },
  suppression: { reason: 'soft_bounces', since: '2026-11-21T10:00:00.000Z' },
  mails: [
    { kind: 'confirmation', queuedAt: '2026-11-01T10:00:00.000Z', sentAt: '2026-11-01T10:00:01.000Z' },
    { kind: 'place_link', queuedAt: '2026-11-05T10:00:00.000Z', sentAt: '2026-11-05T10:00:01.000Z' },
    { kind: 'invitation', queuedAt: '2026-11-20T12:00:00.000Z', sentAt: null },
  ],
};

const opened = () => json(200, { success: true, data, session: SESSION, sessionExpiresAt: '2026-11-25T10:15:00.000Z' });

/** The value beside a term of the data list. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

afterEach(() => vi.unstubAllGlobals());

describe('the "Your data" page in another language', () => {
  it('in German: asks for the address in German and answers in German, linking to the German privacy policy', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/data-access', () =>
      json(200, { success: true, message: 'If this address is on our waitlist…' }),
    );
    const { container } = await renderInLanguage('de', '/your-data', <YourDataPanel />);
    expect(screen.getByRole('heading', { level: 1, name: 'Deine Daten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/de/privacy-policy');
    expect(screen.getByRole('form', { name: 'Link zu deinen Daten anfordern' })).toBeInTheDocument();
    expect(englishMessagesShown(container, DATA_MESSAGES)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Deine E-Mail-Adresse'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Link schicken' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Falls diese Adresse auf unserer Warteliste steht, haben wir ihr gerade einen Link zu ihren Daten geschickt.',
    );
  });

  it.each([
    [
      429,
      'rate_limited',
      'Too many requests.',
      'Zu viele Anfragen aus deinem Netzwerk. Versuch es später noch einmal.',
    ],
    [
      400,
      'validation_error',
      'Enter a valid e-mail address, like name@example.com.',
      'Gib eine gültige E-Mail-Adresse ein.',
    ],
    [503, 'unavailable', 'Service unavailable', 'Wir konnten unsere Server nicht erreichen.'],
  ])(
    'in German: a refused request (%i %s) is said in German',
    async (status, code, english, german) => {
      fakeNetwork().on('POST', '/waitlist/data-access', () => json(status, { success: false, code, message: english }));
      await renderInLanguage('de', '/your-data', <YourDataPanel />);
      await userEvent.type(screen.getByLabelText('Deine E-Mail-Adresse'), 'ada@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Link schicken' }));
      const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
      expect(alert).toHaveTextContent(german);
      expect(alert).not.toHaveTextContent(english);
    },
    10_000,
  );

  it('in German: the data with German field names, dates and figures; erasing it, then joining again in German', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/your-data/open', opened);
    network.on('POST', '/waitlist/your-data/erase', () => json(200, { success: true, message: 'Erased.' }));
    const { container } = await renderInLanguage('de', `/your-data?token=${TOKEN}`, <YourDataPanel />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sieh dir deine Daten an' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten anzeigen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deine Daten' })).toBeInTheDocument();

    expect(valueOf('Status')).toBe('Eingeladen');
    expect(valueOf('Platz in der Schlange')).toBe('1.234');
    expect(valueOf('Angemeldet')).toMatch(/^01\.11\.2026, \d\d:\d\d$/);
    expect(valueOf('Gutschrift einer Empfehlung (1)')).toMatch(
      /^zurückgehalten \(viele Anmeldungen kamen aus demselben Netz; 03\.11\.2026, /,
    );
    expect(valueOf('Gutschrift einer Empfehlung (2)')).toMatch(
      /^abgelehnt \(bei der Prüfung abgelehnt, entschieden von unserem Team; 04\.11\.2026, /,
    );
    expect(valueOf('Einladungswelle')).toMatch(/^Welle 7 vom 20\.11\.2026, \d\d:\d\d, Lisbon$/);
    expect(valueOf('Prüfung deiner Anmeldung')).toMatch(
      /^von unserem Team freigegeben \(sie wurde zurückgehalten: wir/,
    );
    expect(valueOf('Ticket zum Weitergeben (3)')).toBe('zurückgezogen');
    expect(valueOf('Gesendete oder eingereihte E-Mails')).toBe('Bestätigung, Link zu deinem Platz, Einladung');
    expect(valueOf('Sprache deiner E-Mails')).toBe('Deutsch');
    expect(valueOf('Wer du bist und wen du kennenlernen möchtest (für ausgewogene Einladungen)')).toMatch(
      /^Du bist nichtbinär und möchtest alle kennenlernen \(versiegelt/,
    );
    expect(screen.getByText('Ada: Will Porto be in the first wave?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Als JSON herunterladen' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Jetzt alles löschen' }));
    expect(screen.getByRole('group', { name: 'Jetzt alles löschen?' })).toBeInTheDocument();
    expect(englishMessagesShown(container, DATA_MESSAGES)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Ja, alles löschen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alles ist gelöscht' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Wir speichern nichts mehr über ada@example.com.');
    expect(screen.getByRole('link', { name: 'Wieder auf die Warteliste' })).toHaveAttribute('href', '/de/waitlist');
  });

  it('in German: a used link is explained in German, with a German button for a new one', async () => {
    fakeNetwork().on('POST', '/waitlist/your-data/open', () =>
      json(409, { success: false, code: 'token_used', message: 'This link has already been used.' }),
    );
    await renderInLanguage('de', `/your-data?token=${TOKEN}`, <YourDataPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Meine Daten anzeigen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dieser Link wurde schon benutzt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neuen Link schicken' })).toBeInTheDocument();
  });

  it.each(PREFIXED_LANGUAGES)(
    'in %s: the opened data and the erasure question leave no English of the page',
    async (language) => {
      fakeNetwork().on('POST', '/waitlist/your-data/open', opened);
      const { container } = await renderInLanguage(language, `/your-data?token=${TOKEN}`, <YourDataPanel />);
      expect(englishMessagesShown(container, DATA_MESSAGES)).toEqual([]);
      await userEvent.click(await screen.findByRole('button', { name: /./ }));
      await screen.findByRole('button', { name: /JSON/ });
      await userEvent.click(screen.getAllByRole('button')[1]!);
      expect(screen.getByRole('group')).toBeInTheDocument();
      expect(englishMessagesShown(container, DATA_MESSAGES)).toEqual([]);
    },
  );
});
