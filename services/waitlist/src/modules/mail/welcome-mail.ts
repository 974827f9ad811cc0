import type { RenderedMail } from './confirmation-mail.js';

export interface WelcomeMailInput {
  email: string;
  /** The person's confirmation link: their page with their current place, for as long as they are on the list. */
  statusUrl: string;
  shareUrl: string | null;
  unsubscribeUrl: string;
  supportEmail: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const WELCOME_SUBJECT = 'You are on the Meet Match Date Marry waitlist';

/** One welcome after confirming, in the confirmation mail's simple style: the way back to one's place. */
export function renderWelcomeMail({
  email,
  statusUrl,
  shareUrl,
  unsubscribeUrl,
  supportEmail,
}: WelcomeMailInput): RenderedMail {
  const text = [
    'Hello,',
    '',
    `${email} is confirmed: you have a place in line for Meet Match Date Marry.`,
    'Check your place at any time with this link (keep it: it is your way back):',
    '',
    statusUrl,
    '',
    ...(shareUrl ? ['Each friend who joins with your link and confirms moves you up:', '', shareUrl, ''] : []),
    `Questions? Write to ${supportEmail}.`,
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
    'Meet Match Date Marry - the future of Dating and Friendships',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(WELCOME_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#fff7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">You are on the waitlist</h1>
    <p><strong>${e(email)}</strong> is confirmed: you have a place in line for Meet Match Date Marry.</p>
    <p style="margin:28px 0"><a href="${e(statusUrl)}" style="background:#e11d48;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Check your place</a></p>
    <p style="font-size:13px">Keep this link: it is your way back to your place.<br><a href="${e(statusUrl)}">${e(statusUrl)}</a></p>
    ${shareUrl ? `<p style="font-size:13px">Each friend who joins with your link and confirms moves you up: <a href="${e(shareUrl)}">${e(shareUrl)}</a></p>` : ''}
    <p style="font-size:12px;color:#6b7280">Questions? Write to <a href="mailto:${e(supportEmail)}">${e(supportEmail)}</a>.
      <a href="${e(unsubscribeUrl)}">Unsubscribe</a></p>
  </div>
</body>
</html>`;
  return { subject: WELCOME_SUBJECT, text, html };
}
