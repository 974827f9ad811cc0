/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

export interface AdminAlertProps {
  /** The mail's subject and heading: what happened, in a few words. */
  subject: string;
  /** What happened and what to do, a paragraph each (plain text: shown as text, never as HTML). */
  paragraphs: string[];
  /** The staff panel's page where it is done, and the button's words. */
  actionUrl: string;
  actionLabel: string;
}

export const adminAlertSubject = ({ subject }: Pick<AdminAlertProps, 'subject'>) => subject;

/**
 * Something in the launch waits for an admin (a city that reached its threshold waits for its opening click, and
 * alerts of other features): to each admin of the staff panel. No unsubscribe link: a staff mail, not a mail to a
 * person on the list.
 */
export function AdminAlertMail({
  site,
  subject,
  paragraphs,
  actionUrl,
  actionLabel,
}: AdminAlertProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview={paragraphs[0] ?? subject}
      heading={subject}
      reason="You get this e-mail because you are an admin of the Meet Match Date Marry staff panel."
    >
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
      <CallToAction href={actionUrl} label={actionLabel} linkLead="Or open the staff panel at" />
    </MailLayout>
  );
}
