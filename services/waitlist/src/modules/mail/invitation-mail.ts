import type { RenderedMail } from './confirmation-mail.js';

export interface InvitationMailInput {
  email: string;
  /** The invitation page: welcomes the person, shows the store badges, and lets them in with one click. */
  invitationUrl: string;
  unsubscribeUrl: string;
  supportEmail: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const INVITATION_SUBJECT = 'Your invitation to Meet Match Date Marry';

/** One per invited person per wave, in the confirmation mail's simple style. */
export function renderInvitationMail({
  email,
  invitationUrl,
  unsubscribeUrl,
  supportEmail,
}: InvitationMailInput): RenderedMail {
  const text = [
    'Hello,',
    '',
    `Your wait is over: ${email} is invited to Meet Match Date Marry.`,
    'Open your invitation to get in:',
    '',
    invitationUrl,
    '',
    `Questions? Write to ${supportEmail}.`,
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
    'Meet Match Date Marry - the future of Dating and Friendships',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(INVITATION_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#fff7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">You are invited</h1>
    <p>Your wait is over: <strong>${e(email)}</strong> is invited to Meet Match Date Marry.</p>
    <p style="margin:28px 0"><a href="${e(invitationUrl)}" style="background:#e11d48;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Open my invitation</a></p>
    <p style="font-size:13px">Or paste this link into your browser:<br><a href="${e(invitationUrl)}">${e(invitationUrl)}</a></p>
    <p style="font-size:12px;color:#6b7280">Questions? Write to <a href="mailto:${e(supportEmail)}">${e(supportEmail)}</a>.
      <a href="${e(unsubscribeUrl)}">Unsubscribe</a></p>
  </div>
</body>
</html>`;
  return { subject: INVITATION_SUBJECT, text, html };
}
