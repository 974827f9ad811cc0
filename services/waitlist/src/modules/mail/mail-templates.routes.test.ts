import { describe, expect, it } from 'vitest';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi({
  env: { MAIL_POSTAL_ADDRESS: 'Rua das Flores 12, 1200-195 Lisboa', SUPPORT_EMAIL: 'help@mmdm.test' },
});

describe('staff preview of the mail templates', () => {
  it('lists every template with its subject', async () => {
    const answer = await system.api.request('/api/admin/waitlist/mail-templates', {
      token: await system.staff.sign('admin'),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    expect(answer.body.items.map((item: { name: string }) => item.name)).toEqual([
      'confirmation',
      'welcome',
      'place-link',
      'friend-joined',
      'invitation',
      'data-access',
      'contact',
      'admin-alert',
    ]);
    expect(answer.body.items[0]).toMatchObject({
      subject: 'Confirm your place on the Meet Match Date Marry waitlist',
      description: expect.any(String),
    });
  });

  it('renders a template with sample data, HTML and text, with this deployment footer', async () => {
    const answer = await system.api.request('/api/admin/waitlist/mail-templates/welcome/preview', {
      token: await system.staff.sign('admin'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'welcome', subject: expect.stringContaining('You are number') });
    for (const part of [answer.body.html, answer.body.text]) {
      expect(part).toContain('Rua das Flores 12, 1200-195 Lisboa');
      expect(part).toContain('help@mmdm.test');
      expect(part).toContain('http://mmdm.test/your-data');
    }
    expect(answer.body.html).toMatch(/^<!DOCTYPE html/);
  });

  it('answers 404 JSON for an unknown template, 401 without a token and 403 for a viewer', async () => {
    const unknown = await system.api.request('/api/admin/waitlist/mail-templates/__proto__/preview', {
      token: await system.staff.sign('admin'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'template_not_found' });
    expect((await system.api.request('/api/admin/waitlist/mail-templates')).status).toBe(401);
    const viewer = await system.api.request('/api/admin/waitlist/mail-templates/welcome/preview', {
      token: await system.staff.sign('viewer'),
    });
    expect(viewer.status).toBe(403);
  });
});
