import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Language } from '@mmdm/contracts/languages';
import { PREFIXED_LANGUAGES } from '../../../lib/i18n/page-language.js';
import { buildPlace } from '../../../testing/factories.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { accessibleNames, englishLeft, sentencesOf, textBlocks } from '../../../testing/page-texts.js';
import { renderInLanguage } from '../../../testing/render-page.js';
import { ConfirmPanel } from './confirm-panel.js';
import { UseTicket } from './use-ticket.js';

// The server is outside this unit: it answers as the declared calls say (the place, cities, balance, ticket calls).
const place = buildPlace();
const cities = {
  success: true,
  data: {
    cities: [
      // Staff data: the names appear as staff wrote them, in every language.
      { id: 3, name: 'Berlin', progress: { confirmed: 1240, threshold: 2000, opened: false } },
      { id: 5, name: 'Lisbon' },
    ],
  },
};
const notGiven = { given: false, identity: null, seeking: null };
const TICKET = 'T'.repeat(43);

/** What reads the same in every language: the product, the person's address and links, the cities. */
const UNTRANSLATED = ['Meet Match Date Marry', place.email, place.shareUrl, place.referralCode, 'Berlin', 'Lisbon'];

/** What each card says at each step, in each language (the English as it always was). */
const says: Record<
  Language,
  {
    cityTitle: string;
    city: string;
    saveCity: string;
    citySaved: string;
    balanceTitle: string;
    identity: string;
    seeking: string;
    save: string;
    answer: string;
    withdraw: string;
    deleted: string;
    ticketTitle: string;
    useTicket: string;
    ticketIn: string;
    shareWith: string;
    shareNative: string;
    copy: string;
    copied: string;
  }
> = {
  en: {
    cityTitle: 'Your city (optional)',
    city: 'City',
    saveCity: 'Save my city',
    citySaved: 'Saved: Berlin.',
    balanceTitle: "Who you'd like to meet (optional)",
    identity: 'I am',
    seeking: 'I hope to meet',
    save: 'Save',
    answer: 'A woman, hoping to meet men',
    withdraw: 'Withdraw and delete it',
    deleted: 'Deleted. We keep nothing about this any more.',
    ticketTitle: 'You have a ticket from a friend',
    useTicket: 'Use my ticket',
    ticketIn: 'Your ticket is in.',
    shareWith: 'Share with',
    shareNative: 'Share my link',
    copy: 'Copy share link',
    copied: 'Copied!',
  },
  de: {
    cityTitle: 'Deine Stadt (optional)',
    city: 'Stadt',
    saveCity: 'Meine Stadt speichern',
    citySaved: 'Gespeichert: Berlin.',
    balanceTitle: 'Wen du kennenlernen möchtest (optional)',
    identity: 'Ich bin',
    seeking: 'Ich möchte kennenlernen',
    save: 'Speichern',
    answer: 'eine Frau, die Männer kennenlernen möchte',
    withdraw: 'Widerrufen und löschen',
    deleted: 'Gelöscht. Wir bewahren dazu nichts mehr auf.',
    ticketTitle: 'Du hast ein Ticket geschenkt bekommen',
    useTicket: 'Mein Ticket einlösen',
    ticketIn: 'Dein Ticket ist eingelöst.',
    shareWith: 'Teilen über',
    shareNative: 'Meinen Link teilen',
    copy: 'Link zum Teilen kopieren',
    copied: 'Kopiert!',
  },
  es: {
    cityTitle: 'Tu ciudad (opcional)',
    city: 'Ciudad',
    saveCity: 'Guardar mi ciudad',
    citySaved: 'Guardado: Berlin.',
    balanceTitle: 'A quién te gustaría conocer (opcional)',
    identity: 'Soy',
    seeking: 'Espero conocer a',
    save: 'Guardar',
    answer: 'una mujer que espera conocer a hombres',
    withdraw: 'Retirarlo y borrarlo',
    deleted: 'Borrado. Ya no guardamos nada sobre esto.',
    ticketTitle: 'Tienes un ticket de un amigo',
    useTicket: 'Usar mi ticket',
    ticketIn: 'Tu ticket ya cuenta.',
    shareWith: 'Compartir por',
    shareNative: 'Compartir mi enlace',
    copy: 'Copiar enlace para compartir',
    copied: '¡Copiado!',
  },
  pt: {
    cityTitle: 'A sua cidade (opcional)',
    city: 'Cidade',
    saveCity: 'Guardar a minha cidade',
    citySaved: 'Guardado: Berlin.',
    balanceTitle: 'Quem gostaria de conhecer (opcional)',
    identity: 'Sou',
    seeking: 'Espero conhecer',
    save: 'Guardar',
    answer: 'uma mulher que espera conhecer homens',
    withdraw: 'Retirar e apagar',
    deleted: 'Apagado. Já não guardamos nada sobre isto.',
    ticketTitle: 'Tem um bilhete de um amigo',
    useTicket: 'Usar o meu bilhete',
    ticketIn: 'O seu bilhete foi registado.',
    shareWith: 'Partilhar por',
    shareNative: 'Partilhar a minha ligação',
    copy: 'Copiar ligação de partilha',
    copied: 'Copiado!',
  },
  // French sets a no-break space before ":" and "!"; the queries see it as a plain space.
  fr: {
    cityTitle: 'Votre ville (facultatif)',
    city: 'Ville',
    saveCity: 'Enregistrer ma ville',
    citySaved: 'Enregistré : Berlin.',
    balanceTitle: 'Qui vous aimeriez rencontrer (facultatif)',
    identity: 'Je suis',
    seeking: 'J’espère rencontrer',
    save: 'Enregistrer',
    answer: 'une femme qui espère rencontrer des hommes',
    withdraw: 'Retirer et supprimer',
    deleted: 'Supprimé. Nous n’en conservons plus rien.',
    ticketTitle: 'Un ami vous a offert un ticket',
    useTicket: 'Utiliser mon ticket',
    ticketIn: 'Votre ticket est pris en compte.',
    shareWith: 'Partager via',
    shareNative: 'Partager mon lien',
    copy: 'Copier le lien de partage',
    copied: 'Copié !',
  },
};

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
  // The device's share sheet and clipboard, which jsdom lacks: the page offers both where the browser has them.
  Object.defineProperty(navigator, 'share', { value: vi.fn(async () => undefined), configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => undefined) },
    configurable: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

function answerThePlacePage() {
  network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
  network.on('GET', '/waitlist/cities', () => json(200, cities));
  network.on('POST', '/waitlist/city', () =>
    json(200, { success: true, data: { ...place, city: { id: 3, name: 'Berlin' } } }),
  );
  network.on('GET', '/waitlist/place/balance', () => json(200, { success: true, data: notGiven }));
  network.on('PUT', '/waitlist/place/balance', () =>
    json(200, { success: true, data: { given: true, identity: 'woman', seeking: 'men' } }),
  );
  network.on('DELETE', '/waitlist/place/balance', () => json(200, { success: true, data: notGiven }));
  network.on('POST', '/waitlist/ticket/attach', () => json(200, { success: true, data: { state: 'used' } }));
}

/**
 * The place page in `language`, through every card's steps: the city saved, the balance given then withdrawn, the
 * ticket used, the link copied. Answers every text and accessible name shown on the way.
 */
async function walkThrough(language: Language): Promise<string[]> {
  answerThePlacePage();
  localStorage.setItem('mmdm.ticket', TICKET);
  const say = says[language];
  const { container, unmount } = await renderInLanguage(language, '/confirm?token=tok-1', <ConfirmPanel />);
  const seen: string[] = [];
  const look = () => seen.push(...textBlocks(container), ...accessibleNames(container));

  await screen.findByRole('heading', { name: say.ticketTitle });
  await screen.findByRole('heading', { name: say.cityTitle });
  const balance = await screen.findByRole('region', { name: say.balanceTitle });
  expect(screen.getByRole('button', { name: say.shareNative })).toBeInTheDocument();
  expect(screen.getByRole('list', { name: say.shareWith })).toBeInTheDocument();
  look();

  fireEvent.change(screen.getByRole('combobox', { name: say.city }), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: say.saveCity }));
  expect(await screen.findByText(say.citySaved)).toBeInTheDocument();

  fireEvent.change(within(balance).getByLabelText(say.identity), { target: { value: 'woman' } });
  fireEvent.change(within(balance).getByLabelText(say.seeking), { target: { value: 'men' } });
  fireEvent.click(within(balance).getByRole('checkbox'));
  fireEvent.click(within(balance).getByRole('button', { name: say.save }));
  expect(await within(balance).findByText(say.answer)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: say.useTicket }));
  expect(await screen.findByText(say.ticketIn)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: say.copy }));
  expect(await screen.findByText(say.copied)).toBeInTheDocument();
  look();

  fireEvent.click(within(balance).getByRole('button', { name: say.withdraw }));
  expect(await within(balance).findByText(say.deleted)).toBeInTheDocument();
  look();

  unmount();
  return seen;
}

describe('the place page’s cards in every language', () => {
  it('in English, say what they always said', async () => {
    await walkThrough('en');
  });

  it.each(PREFIXED_LANGUAGES)('in %s, speak it at every step and leave no English sentence', async (language) => {
    const english = await walkThrough('en');
    const translated = await walkThrough(language);
    // The texts shown and the accessible names (aria-label) alike.
    expect(englishLeft(sentencesOf(english, UNTRANSLATED), translated)).toEqual([]);
  });
});

describe('a ticket the API refuses, in the page’s language', () => {
  const reasons = {
    ticket_used: 'used',
    ticket_revoked: 'revoked',
    ticket_own: 'own',
    ticket_not_needed: 'not_needed',
    ticket_invalid: 'invalid',
  } as const;

  async function refusal(language: Language, code: string): Promise<string> {
    localStorage.setItem('mmdm.ticket', TICKET);
    network.on('POST', '/waitlist/ticket/attach', () => json(409, { success: false, code, message: 'Refused.' }));
    const { unmount } = await renderInLanguage(language, '/confirm?token=tok-1', <UseTicket token="tok-1" />);
    fireEvent.click(await screen.findByRole('button', { name: says[language].useTicket }));
    const text = (await screen.findByRole('status')).textContent ?? '';
    unmount();
    return text;
  }

  it.each(Object.keys(reasons))('says %s in each language in its own words', async (code) => {
    const texts = new Map<Language, string>();
    for (const language of LANGUAGES) texts.set(language, await refusal(language, code));
    // Five languages, five different sentences, none of them empty.
    expect(new Set(texts.values()).size).toBe(LANGUAGES.length);
    for (const text of texts.values()) expect(text.trim()).not.toBe('');
  });

  it('says so in German when their own ticket is refused', async () => {
    expect(await refusal('de', 'ticket_own')).toBe(
      'Das ist dein eigenes Ticket: Gib es lieber an jemanden weiter, den du kennst.',
    );
  });
});
