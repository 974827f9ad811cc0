import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const TEMPLATES = {
  items: [
    { name: 'confirmation', description: 'Sent at sign-up: confirm the address.', subject: 'Confirm your place' },
    { name: 'welcome', description: 'Sent once confirmed: the place in line.', subject: 'You are number 42' },
  ],
};

/** The panel loads its routes lazily: on a busy machine the first screen takes more than the default second. */
const LOADED = { timeout: 10_000 };

const preview = (name: string, subject: string) => ({
  name,
  subject,
  html: `<html><head><style>p{color:red}</style></head><body style="margin:0;background:#fafafa"><p style="color:#111">Hello from ${name}</p><img src="x" onerror="alert(1)"><script>parent.document.title='owned'</script><a href="javascript:alert(2)">link</a></body></html>`,
  text: `Hello from ${name}\n\nUnsubscribe: https://mmdm.test/unsubscribe`,
});

describe('Settings › Mail', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
    network.on('GET', '/api/admin/waitlist/mail-templates', () => json(200, TEMPLATES));
    network.on('GET', '/api/admin/waitlist/mail-templates/confirmation/preview', () =>
      json(200, preview('confirmation', 'Confirm your place')),
    );
    network.on('GET', '/api/admin/waitlist/mail-templates/welcome/preview', () =>
      json(200, preview('welcome', 'You are number 42')),
    );
  });

  it('lists every template and shows the first one: subject, HTML in a frame that runs no script, and the text part', async () => {
    renderAdmin('/admin/settings/mail');

    expect(await screen.findByRole('button', { name: 'confirmation' }, LOADED)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'welcome' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Subject: Confirm your place', {}, LOADED)).toBeInTheDocument();

    const frame = screen.getByTitle('HTML of the confirmation mail') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    const source = frame.getAttribute('srcdoc') ?? '';
    expect(source).toContain('Hello from confirmation');
    expect(source).not.toMatch(/<script|onerror|javascript:|<style/i);
    expect(source).not.toMatch(/ style=/);

    expect(screen.getByLabelText('Text of the confirmation mail')).toHaveTextContent(
      'Hello from confirmation Unsubscribe: https://mmdm.test/unsubscribe',
    );
  });

  it('shows another template when it is chosen', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/mail');
    await user.click(await screen.findByRole('button', { name: 'welcome' }, LOADED));

    const section = await screen.findByRole('region', { name: 'Preview of the welcome mail' }, LOADED);
    expect(await within(section).findByText('Subject: You are number 42', {}, LOADED)).toBeInTheDocument();
    expect(within(section).getByLabelText('Text of the welcome mail')).toHaveTextContent('Hello from welcome');
  });

  it('is a tab of Settings for admins', async () => {
    renderAdmin('/admin/settings/mail');
    const tabs = await screen.findByRole('navigation', { name: 'Settings' }, LOADED);
    expect(within(tabs).getByRole('link', { name: 'Mail' })).toHaveAttribute('href', '/admin/settings/mail');
  });
});
