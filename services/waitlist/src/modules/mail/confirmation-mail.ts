export interface ConfirmationMailInput {
  /** The only thing the visitor typed that appears in the mail. */
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  supportEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const CONFIRMATION_SUBJECT = 'Confirm your place on the Meet Match Date Marry waitlist';

export function renderConfirmationMail({
  email,
  confirmUrl,
  unsubscribeUrl,
  supportEmail,
}: ConfirmationMailInput): RenderedMail {
  const text = [
    'Hello,',
    '',
    `Someone (hopefully you) asked to join the Meet Match Date Marry waitlist with ${email}.`,
    'Please confirm your address by opening this link:',
    '',
    confirmUrl,
    '',
    'If you did not ask for this, ignore this e-mail: you will not hear from us again unless you confirm.',
    '',
    `Questions? Write to ${supportEmail}.`,
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
    'Meet Match Date Marry - the future of Dating and Friendships',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(CONFIRMATION_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#fff7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">Confirm your place on the waitlist</h1>
    <p>Someone (hopefully you) asked to join the Meet Match Date Marry waitlist with <strong>${e(email)}</strong>.</p>
    <p style="margin:28px 0"><a href="${e(confirmUrl)}" style="background:#e11d48;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Confirm my address</a></p>
    <p style="font-size:13px">Or paste this link into your browser:<br><a href="${e(confirmUrl)}">${e(confirmUrl)}</a></p>
    <p style="font-size:13px">If you did not ask for this, ignore this e-mail: you will not hear from us again unless you confirm.</p>
    <p style="font-size:12px;color:#6b7280">Questions? Write to <a href="mailto:${e(supportEmail)}">${e(supportEmail)}</a>.
      <a href="${e(unsubscribeUrl)}">Unsubscribe</a></p>
  </div>
</body>
</html>`;
  return { subject: CONFIRMATION_SUBJECT, text, html };
}
