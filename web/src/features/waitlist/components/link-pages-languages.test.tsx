import type { Messages } from '@lingui/core';
import type { Language } from '@mmdm/contracts/languages';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as englishStatus } from '../../../locales/status/en.js';
import { buildInvitation } from '../../../testing/factories.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderInLanguage } from '../../../testing/render-page.js';
import { InvitationPanel } from './invitation-panel.js';
import { UnsubscribePanel } from './unsubscribe-panel.js';

// The unsubscribe and invitation pages under a language prefix, as the router serves them: the page's catalogue and
// the status catalogue loaded, the path carrying the language. The server is outside this unit and answers in English.

type Prefixed = Exclude<Language, 'en'>;

/**
 * What each language must show, written here rather than read from the catalogue: a lost translation fails. "E-mail"
 * is written with a non-breaking hyphen (U+2011) in these pages' translations, so a heading never ends in "e-".
 */
const EXPECTED: Record<
  Prefixed,
  {
    unsubscribeTitle: string;
    unsubscribe: string;
    unsubscribed: string;
    alreadyUnsubscribed: string;
    tooManyRequests: string;
    unsubscribeInvalid: string;
    invited: string;
    accept: string;
    admitted: string;
    tickets: string;
    ticketsLeft: string;
    copyFirst: string;
    used: string;
    invitationInvalid: string;
    invitationIncomplete: string;
  }
> = {
  es: {
    unsubscribeTitle: 'Dejar de recibir nuestros correos',
    unsubscribe: 'Darme de baja',
    unsubscribed: 'Te has dado de baja',
    alreadyUnsubscribed: 'Ya te habías dado de baja',
    tooManyRequests: 'Demasiados intentos en poco tiempo. Espera un momento y vuelve a intentarlo.',
    unsubscribeInvalid: 'Este enlace para darte de baja no es válido',
    invited: 'Ya tienes tu invitación a Meet Match Date Marry',
    accept: 'Aceptar mi invitación',
    admitted: '¡Ya estás dentro!',
    tickets: 'Tickets para tus amigos',
    ticketsLeft: 'Te quedan 2 tickets.',
    copyFirst: 'Copiar ticket 1',
    used: 'Usado por un amigo',
    invitationInvalid: 'Este enlace de invitación no es válido',
    invitationIncomplete: 'Este enlace de invitación está incompleto',
  },
  pt: {
    unsubscribeTitle: 'Deixar de receber os nossos e\u2011mails',
    unsubscribe: 'Cancelar a subscrição',
    unsubscribed: 'A sua subscrição foi cancelada',
    alreadyUnsubscribed: 'Já tinha cancelado a subscrição',
    tooManyRequests: 'Demasiadas tentativas em pouco tempo. Aguarde um momento e tente novamente.',
    unsubscribeInvalid: 'Esta ligação para cancelar a subscrição não é válida',
    invited: 'Tem um convite para a Meet Match Date Marry',
    accept: 'Aceitar o meu convite',
    admitted: 'Já está dentro!',
    tickets: 'Bilhetes para os seus amigos',
    ticketsLeft: 'Restam-lhe 2 bilhetes.',
    copyFirst: 'Copiar bilhete 1',
    used: 'Utilizado por um amigo',
    invitationInvalid: 'Esta ligação de convite não é válida',
    invitationIncomplete: 'Esta ligação de convite está incompleta',
  },
  de: {
    unsubscribeTitle: 'Unsere E\u2011Mails abbestellen',
    unsubscribe: 'Abmelden',
    unsubscribed: 'Du bist abgemeldet',
    alreadyUnsubscribed: 'Du hast dich schon abgemeldet',
    tooManyRequests: 'Zu viele Versuche in kurzer Zeit. Warte kurz und versuch es noch einmal.',
    unsubscribeInvalid: 'Dieser Abmeldelink ist ungültig',
    invited: 'Du bist zu Meet Match Date Marry eingeladen',
    accept: 'Einladung annehmen',
    admitted: 'Du bist drin!',
    tickets: 'Tickets für deine Freunde',
    ticketsLeft: 'Du hast noch 2 Tickets.',
    copyFirst: 'Ticket 1 kopieren',
    used: 'Eingelöst',
    invitationInvalid: 'Dieser Einladungslink ist ungültig',
    invitationIncomplete: 'Dieser Einladungslink ist unvollständig',
  },
  fr: {
    unsubscribeTitle: 'Ne plus recevoir nos e\u2011mails',
    unsubscribe: 'Me désabonner',
    unsubscribed: 'Votre désabonnement est confirmé',
    alreadyUnsubscribed: 'Votre désabonnement a déjà été effectué',
    tooManyRequests: 'Trop de tentatives en peu de temps. Patientez un instant puis réessayez.',
    unsubscribeInvalid: 'Ce lien de désabonnement n’est pas valide',
    invited: 'Votre invitation à Meet Match Date Marry est arrivée',
    accept: 'Accepter mon invitation',
    admitted: 'Vous y êtes\u00a0!',
    tickets: 'Tickets pour vos amis',
    ticketsLeft: 'Il vous reste 2 tickets.',
    copyFirst: 'Copier le ticket 1',
    used: 'Utilisé par un ami',
    invitationInvalid: 'Ce lien d’invitation n’est pas valide',
    invitationIncomplete: 'Ce lien d’invitation est incomplet',
  },
};

const LANGUAGES = Object.keys(EXPECTED) as Prefixed[];

/** Every literal piece (between placeholders and numbered tags) of a compiled message, plural branches included. */
function literalParts(compiled: unknown): string[] {
  if (typeof compiled === 'string') return compiled.split(/<\/?\d+>/);
  if (Array.isArray(compiled)) return compiled.flatMap(literalParts);
  if (compiled && typeof compiled === 'object') return Object.values(compiled).flatMap(literalParts);
  return [];
}

/**
 * The English sentences these pages can show (their own messages and the mail link pages' shared states), as runs of
 * three words or more: none may be left on a translated page. Shorter runs ("Ticket", "You have") are too common
 * to mean a sentence was left untranslated.
 */
const ENGLISH_SENTENCES = Object.entries(englishStatus as Messages)
  .filter(([id]) => /^web\.(unsubscribe|invitation|memberTickets|link)\./.test(id))
  .flatMap(([, compiled]) => literalParts(compiled))
  .map((part) => part.trim())
  .filter((part) => part.split(/\s+/).length >= 3);

function expectNoEnglish(container: HTMLElement) {
  const text = container.textContent ?? '';
  const left = ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
  expect(left, 'English left on the page').toEqual([]);
}

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
});
afterEach(() => vi.unstubAllGlobals());

const invitation = buildInvitation();
const ticketUrl = (letter: string) => `http://localhost:8080/waitlist?ticket=${letter.repeat(43)}`;

it('looks for every English sentence of these pages (a change in the compiled format would leave none)', () => {
  expect(ENGLISH_SENTENCES).toContain('Tickets for your friends');
  expect(ENGLISH_SENTENCES.length).toBeGreaterThan(40);
});

describe.each(LANGUAGES)('the unsubscribe page in %s', (language) => {
  const expected = EXPECTED[language];
  const link = (email: string | null, done: boolean) => json(200, { success: true, data: { email, done } });

  it('names the address and what goes with it, unsubscribes on the click, and links back in its language', async () => {
    network.on('GET', '/waitlist/unsubscribe/link', () => link('ada@example.com', false));
    network.on('POST', '/waitlist/unsubscribe', () => json(200, { success: true, message: 'Unsubscribed' }));
    const { container } = await renderInLanguage(language, '/unsubscribe?token=tok-9', <UnsubscribePanel />);
    const button = await screen.findByRole('button', { name: expected.unsubscribe });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected.unsubscribeTitle);
    expect(container.querySelector('.lead')?.textContent).toContain('ada@example.com');
    expectNoEnglish(container);

    fireEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: expected.unsubscribed })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('link')).toHaveAttribute('href', `/${language}/waitlist`);
    expect(network.calls).toContain('POST /waitlist/unsubscribe');
    expectNoEnglish(container);
  });

  it('a link used before says so, without the address', async () => {
    network.on('GET', '/waitlist/unsubscribe/link', () => link(null, true));
    const { container } = await renderInLanguage(language, '/unsubscribe?token=tok-9', <UnsubscribePanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.alreadyUnsubscribed })).toBeInTheDocument();
    expectNoEnglish(container);
  });

  it('a click refused for coming too fast (429) says to wait, in its language, and keeps the button', async () => {
    network.on('GET', '/waitlist/unsubscribe/link', () => link('ada@example.com', false));
    network.on('POST', '/waitlist/unsubscribe', () =>
      json(429, {
        success: false,
        code: 'rate_limited',
        message: 'Too many requests. Please wait a moment and try again.',
      }),
    );
    const { container } = await renderInLanguage(language, '/unsubscribe?token=tok-9', <UnsubscribePanel />);
    fireEvent.click(await screen.findByRole('button', { name: expected.unsubscribe }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expected.tooManyRequests);
    expect(screen.getByRole('button', { name: expected.unsubscribe })).toBeEnabled();
    expectNoEnglish(container);
  });

  it('an unknown link points to the contact page in its language', async () => {
    network.on('GET', '/waitlist/unsubscribe/link', () =>
      json(404, { success: false, code: 'token_invalid', message: 'This unsubscribe link is not valid.' }),
    );
    const { container } = await renderInLanguage(language, '/unsubscribe?token=nope', <UnsubscribePanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.unsubscribeInvalid })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', `/${language}/contact`);
    expectNoEnglish(container);
  });

  it('without a token, links to the contact page in its language and sends nothing', async () => {
    const { container } = await renderInLanguage(language, '/unsubscribe', <UnsubscribePanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.unsubscribeTitle })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', `/${language}/contact`);
    expect(network.calls).toEqual([]);
    expectNoEnglish(container);
  });
});

describe.each(LANGUAGES)('the invitation page in %s', (language) => {
  const expected = EXPECTED[language];

  it('welcomes the person to their city, accepts on the click and lists their tickets', async () => {
    network.on('GET', '/waitlist/invitation', () => json(200, { success: true, data: invitation }));
    network.on('POST', '/waitlist/invitation/accept', () =>
      json(200, { success: true, data: { ...invitation, status: 'admitted', admittedAt: '2026-04-02T09:00:00.000Z' } }),
    );
    network.on('GET', '/waitlist/tickets', () =>
      json(200, {
        success: true,
        data: {
          tickets: [
            { url: ticketUrl('A'), state: 'open' },
            { url: ticketUrl('B'), state: 'used' },
            { url: ticketUrl('C'), state: 'open' },
          ],
        },
      }),
    );
    const { container } = await renderInLanguage(language, '/invitation?token=inv-1', <InvitationPanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.invited })).toBeInTheDocument();
    const lead = container.querySelector('.lead')?.textContent ?? '';
    expect(lead).toContain('ada@example.com');
    expect(lead).toContain('Berlin');
    // Before the apps are out: when and how the person hears next, in the page's language.
    expect(container.querySelector('.invitation-next')?.textContent).toContain('ada@example.com');
    expectNoEnglish(container);

    fireEvent.click(screen.getByRole('button', { name: expected.accept }));
    expect(await screen.findByRole('heading', { level: 1, name: expected.admitted })).toBeInTheDocument();
    const tickets = await screen.findByRole('region', { name: expected.tickets });
    expect(within(tickets).getByText(new RegExp(expected.ticketsLeft.replace('.', '\\.')))).toBeInTheDocument();
    expect(within(tickets).getByRole('button', { name: expected.copyFirst })).toBeInTheDocument();
    expect(within(tickets).getByText(expected.used)).toBeInTheDocument();
    expectNoEnglish(container);
  });

  it('an accept refused for coming too fast (429) says to wait, and trying again accepts', async () => {
    network.on('GET', '/waitlist/invitation', () => json(200, { success: true, data: invitation }));
    let refuse = true;
    network.on('POST', '/waitlist/invitation/accept', () =>
      refuse
        ? json(429, { success: false, code: 'rate_limited', message: 'Too many requests.' })
        : json(200, { success: true, data: { ...invitation, status: 'admitted' } }),
    );
    network.on('GET', '/waitlist/tickets', () => json(200, { success: true, data: { tickets: [] } }));
    const { container } = await renderInLanguage(language, '/invitation?token=inv-1', <InvitationPanel />);
    fireEvent.click(await screen.findByRole('button', { name: expected.accept }));
    expect(await screen.findByText(expected.tooManyRequests)).toBeInTheDocument();
    expectNoEnglish(container);

    refuse = false;
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByRole('heading', { level: 1, name: expected.admitted })).toBeInTheDocument();
  });

  it('explains an unknown invitation link', async () => {
    network.on('GET', '/waitlist/invitation', () =>
      json(404, { success: false, code: 'token_invalid', message: 'Unknown' }),
    );
    const { container } = await renderInLanguage(language, '/invitation?token=nope', <InvitationPanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.invitationInvalid })).toBeInTheDocument();
    expectNoEnglish(container);
  });

  it('sends nothing without a token', async () => {
    const { container } = await renderInLanguage(language, '/invitation', <InvitationPanel />);
    expect(await screen.findByRole('heading', { level: 1, name: expected.invitationIncomplete })).toBeInTheDocument();
    expect(network.calls).toEqual([]);
    expectNoEnglish(container);
  });
});

describe('the invitation page names a city whose name starts with an article as its language says it', () => {
  async function leadFor(language: Prefixed, cityName: string) {
    network.on('GET', '/waitlist/invitation', () =>
      json(200, { success: true, data: { ...invitation, city: { id: 7, name: cityName } } }),
    );
    const { container } = await renderInLanguage(language, '/invitation?token=inv-1', <InvitationPanel />);
    await screen.findByRole('heading', { level: 1, name: EXPECTED[language].invited });
    return container.querySelector('.lead')?.textContent ?? '';
  }

  it.each([
    ['Le Havre', 'nous ouvrons au Havre,'],
    ["Les Sables-d'Olonne", "nous ouvrons aux Sables-d'Olonne,"],
    ["L'Isle-Adam", "nous ouvrons à L'Isle-Adam,"],
  ])('in French, "à" contracts with the article: %s', async (cityName, said) => {
    expect(await leadFor('fr', cityName)).toContain(said);
  });

  it('in Portuguese, the name stands where no preposition needs its article ("no Porto")', async () => {
    const lead = await leadFor('pt', 'Porto');
    expect(lead).toContain('vamos abrir na sua cidade (Porto)');
    expect(lead).not.toContain('em Porto');
  });
});
