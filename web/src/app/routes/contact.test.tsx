import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFIXED_LANGUAGES } from '../../lib/i18n/page-language.js';
import { fakeNetwork, json } from '../../testing/fake-network.js';
import { englishMessagesShown } from '../../testing/page-texts.js';
import { renderInLanguage } from '../../testing/render-page.js';
import { ContactRoute } from './contact.js';

// The form's states in each language are the form's own tests (features/contact/components).
const NO_CHALLENGE = () => json(200, { required: false, challenge: null });
const CONTACT_MESSAGES = ['web.contact.'];

afterEach(() => vi.unstubAllGlobals());

describe('the contact page in another language', () => {
  it.each(PREFIXED_LANGUAGES)('in %s: no English sentence of the page or its form is left', async (language) => {
    fakeNetwork().on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    const { container } = await renderInLanguage(language, '/contact', <ContactRoute />);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent("We'd love to hear from you");
    expect(englishMessagesShown(container, CONTACT_MESSAGES)).toEqual([]);
  });
});
