/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment } from 'react';
import { colors, MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface ContactProps {
  /** The visitor's name and address as they typed them (the address under the address rule). */
  name: string;
  email: string;
  /** What they wrote, line breaks kept. */
  message: string;
  receivedAt: Date;
  /** The message in the staff panel, where it is marked handled. */
  messageUrl: string;
}

export const contactSubject = ({ name }: Pick<ContactProps, 'name'>) => `Message from ${name} through the contact form`;

// One time zone for a team in eight countries, said with the time.
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A visitor's message, to our support desk (SUPPORT_EMAIL) with the visitor as Reply-To: answering is replying. No
 * unsubscribe link: this is our own mailbox's mail, not a mail to a person on the list.
 */
export function ContactMail({ site, name, email, message, receivedAt, messageUrl }: ContactProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview={`${name} wrote through the contact form.`}
      heading="A visitor wrote to us"
      reason={`You get this e-mail because ${site.supportEmail} receives what visitors write through the contact form of Meet Match Date Marry.`}
    >
      <Text style={styles.paragraph}>
        <strong>{name}</strong> (
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
        ) wrote on {when.format(receivedAt)} UTC:
      </Text>
      <Section style={{ borderLeft: `4px solid ${colors.line}`, padding: '4px 0 4px 16px', margin: '0 0 20px' }}>
        {/* Line breaks as <br>: kept by every mail client (not all honour white-space) and by the text part. */}
        <Text style={{ ...styles.paragraph, margin: 0 }}>
          {message.split('\n').map((line, index) => (
            <Fragment key={index}>
              {index > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      </Section>
      <Text style={styles.paragraph}>
        Reply to this e-mail to answer {name}: your reply goes to {email}.
      </Text>
      <Text style={styles.small}>
        Once it is answered, mark it handled in the staff panel: <UrlLink href={messageUrl} />
      </Text>
    </MailLayout>
  );
}
