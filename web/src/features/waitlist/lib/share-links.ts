/**
 * The plain share links of the place page. Plain links only: each opens the app or site the person picked with the
 * message filled in, and nothing of theirs loads on our page (no script, no pixel). The message itself is written in
 * the page's language by the share panel (components/share-panel.tsx, whose texts live in the status catalogue).
 */
export interface ShareMessage {
  /** The e-mail's subject line. */
  subject: string;
  /** The message without the link (X and the system share sheet take the link apart). */
  text: string;
  url: string;
}

export interface ShareLink {
  name: string;
  href: string;
}

/** WhatsApp, SMS, e-mail and X, each carrying the message and the link. */
export function shareLinks({ subject, text, url }: ShareMessage): ShareLink[] {
  const withUrl = `${text} ${url}`;
  const q = encodeURIComponent;
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${q(withUrl)}` },
    // "sms:?&body=" is the form both iOS and Android fill in (RFC 5724's "?body=" alone is ignored by some iOS).
    { name: 'SMS', href: `sms:?&body=${q(withUrl)}` },
    { name: 'E-mail', href: `mailto:?subject=${q(subject)}&body=${q(withUrl)}` },
    { name: 'X', href: `https://x.com/intent/tweet?text=${q(text)}&url=${q(url)}` },
  ];
}
