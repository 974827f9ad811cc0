import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json } from '../../../testing/fake-network.js';
import { englishMessagesShown } from '../../../testing/page-texts.js';
import { speak } from '../../../testing/render-page.js';
import { ContactForm } from './contact-form.js';

// The contact form under /fr/, /de/, …: the same form, its words from the page's language's status catalogue.
const NO_CHALLENGE = () => json(200, { required: false, challenge: null });
// The service answers in English whatever the page's language: the page says what it means in its own.
const SENT = () =>
  json(200, {
    success: true,
    message: 'Thank you! Your message has reached our team. We reply within two working days.',
  });
const CONTACT_MESSAGES = ['web.contact.'];

afterEach(() => vi.unstubAllGlobals());

async function writeInFrench(email = 'jeanne@example.com') {
  await userEvent.type(screen.getByLabelText('Votre nom'), 'Jeanne Martin');
  await userEvent.type(screen.getByLabelText('Votre adresse e-mail'), email);
  await userEvent.type(screen.getByLabelText('Votre message'), 'Bonjour !');
  await userEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
}

describe('the contact form in another language', () => {
  it('in French: labels, placeholders and the length hint in French, then the French thank-you', async () => {
    await speak('fr');
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    network.on('POST', '/waitlist/contact', SENT);
    const { container } = render(<ContactForm />);

    expect(screen.getByRole('heading', { name: 'Écrivez-nous' })).toBeInTheDocument();
    expect(screen.getByLabelText('Votre nom')).toHaveAttribute('placeholder', 'Marie Dupont');
    expect(screen.getByLabelText('Votre adresse e-mail')).toHaveAttribute('placeholder', 'marie@exemple.fr');
    // 4 000, grouped the French way (a narrow no-break space).
    expect(screen.getByText(/^Jusqu’à 4\s000 caractères\.$/)).toBeInTheDocument();

    await writeInFrench();
    const sent = await screen.findByRole('status', { name: 'Merci ! Votre message est bien parvenu à notre équipe.' });
    expect(sent).toHaveTextContent('Nous répondrons à jeanne@example.com sous deux jours ouvrés.');
    expect(screen.getByRole('button', { name: 'Écrire un autre message' })).toBeInTheDocument();
    expect(englishMessagesShown(container, CONTACT_MESSAGES)).toEqual([]);
  });

  it.each([
    [
      429,
      'rate_limited',
      'Too many messages from your network.',
      'Trop de messages depuis votre réseau. Réessayez plus tard.',
    ],
    [
      400,
      'validation_error',
      'Enter a valid e-mail address, like name@example.com.',
      'Vérifiez votre adresse e-mail : elle doit ressembler à nom@exemple.fr.',
    ],
    [
      400,
      'challenge_invalid',
      'This form was open too long or was changed.',
      'Ce formulaire est resté ouvert trop longtemps ou a été modifié. Rechargez la page et réessayez.',
    ],
    [400, 'something_new', 'A refusal this page does not know.', 'Vérifiez le formulaire et réessayez.'],
  ])(
    'in French: a refusal (%i %s) is said in French, not in the service’s English',
    async (status, code, english, french) => {
      await speak('fr');
      const network = fakeNetwork();
      network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
      network.on('POST', '/waitlist/contact', () => json(status, { success: false, code, message: english }));
      const { container } = render(<ContactForm />);
      await writeInFrench();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Votre message n’a pas été envoyé. ${french}`);
      expect(alert).not.toHaveTextContent(english);
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
      expect(englishMessagesShown(container, CONTACT_MESSAGES)).toEqual([]);
    },
  );

  it('in German: a failing service is said in German, and the words stay in the form', async () => {
    await speak('de');
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    network.on('POST', '/waitlist/contact', () =>
      json(503, { success: false, code: 'unavailable', message: 'Service unavailable' }),
    );
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Dein Name'), 'Max Mustermann');
    await userEvent.type(screen.getByLabelText('Deine E-Mail-Adresse'), 'max@example.com');
    await userEvent.type(screen.getByLabelText('Deine Nachricht'), 'Hallo!');
    await userEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Deine Nachricht wurde nicht gesendet. Wir konnten unsere Server nicht erreichen. Deine Nachricht steht noch im Formular: Versuch es noch einmal.',
    );
    expect(screen.getByLabelText('Deine Nachricht')).toHaveValue('Hallo!');
  }, 10_000);
});
