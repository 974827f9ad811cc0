import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@mmdm/contracts/languages';
import { PREFIXED_LANGUAGES } from '../../../lib/i18n/page-language.js';
import { englishLeft, sentencesOf, textBlocks } from '../../../testing/page-texts.js';
import { speak } from '../../../testing/render-page.js';
import type { TicketCheck } from '../api/get-ticket.js';
import { TicketNote } from './ticket-note.js';

const CODE = 'T'.repeat(43);
const checks: TicketCheck[] = [
  { kind: 'open', code: CODE },
  { kind: 'used' },
  { kind: 'revoked' },
  { kind: 'invalid' },
];

/** The note's first words in bold (or, for an unknown ticket, its first sentence), in each language. */
const opening: Record<Language, Record<'open' | 'used' | 'revoked' | 'invalid', string>> = {
  en: {
    open: 'A member gave you a ticket.',
    used: 'This ticket has been used already.',
    revoked: 'This ticket has been withdrawn',
    invalid: "The ticket in your link isn't one we know",
  },
  de: {
    open: 'Ein Mitglied hat dir ein Ticket geschenkt.',
    used: 'Dieses Ticket wurde schon benutzt.',
    revoked: 'Dieses Ticket wurde zurückgezogen',
    invalid: 'Das Ticket in deinem Link kennen wir nicht',
  },
  es: {
    open: 'Un miembro te ha dado un ticket.',
    used: 'Este ticket ya se ha usado.',
    revoked: 'Este ticket se ha retirado',
    invalid: 'No conocemos el ticket de tu enlace',
  },
  pt: {
    open: 'Um membro deu-lhe um bilhete.',
    used: 'Este bilhete já foi utilizado.',
    revoked: 'Este bilhete foi retirado',
    invalid: 'Não conhecemos o bilhete da sua ligação',
  },
  fr: {
    open: 'Un membre vous a offert un ticket.',
    used: 'Ce ticket a déjà été utilisé.',
    revoked: 'Ce ticket a été retiré',
    invalid: 'Nous ne connaissons pas le ticket de votre lien',
  },
};

/** Each note as the waitlist page shows it in `language`: its texts, and the words it puts in bold. */
async function notes(language: Language): Promise<{ kind: TicketCheck['kind']; texts: string[]; bold: string }[]> {
  await speak(language);
  return checks.map((ticket) => {
    const { container, unmount } = render(<TicketNote ticket={ticket} />);
    const texts = textBlocks(container);
    const bold = container.querySelector('strong')?.textContent ?? container.textContent ?? '';
    unmount();
    return { kind: ticket.kind, texts, bold };
  });
}

describe('the ticket note on the waitlist page', () => {
  it.each(['en', ...PREFIXED_LANGUAGES] as Language[])(
    'in %s, opens each note with its own words',
    async (language) => {
      for (const note of await notes(language)) {
        const kind = note.kind as keyof (typeof opening)['en'];
        expect(note.bold.replace(/\s+/g, ' ')).toContain(opening[language][kind]);
      }
    },
  );

  it.each(PREFIXED_LANGUAGES)('in %s, leaves no English sentence', async (language) => {
    const english = (await notes('en')).flatMap((note) => note.texts);
    const translated = (await notes(language)).flatMap((note) => note.texts);
    expect(englishLeft(sentencesOf(english, ['Meet Match Date Marry']), translated)).toEqual([]);
  });
});
