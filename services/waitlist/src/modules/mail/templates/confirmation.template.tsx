/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface ConfirmationProps {
  /** The only thing the visitor typed that appears in the mail. */
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export const confirmationSubject = () => 'Confirm your place on the Meet Match Date Marry waitlist';

export function ConfirmationMail({ site, email, confirmUrl, unsubscribeUrl }: ConfirmationProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview="One click and your place on the waitlist is yours."
      heading="Confirm your place on the waitlist"
      reason={`You get this e-mail because someone asked to join the Meet Match Date Marry waitlist with ${email}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Someone (hopefully you) asked to join the Meet Match Date Marry waitlist with <strong>{email}</strong>.
      </Text>
      <Section style={{ margin: '28px 0' }}>
        <Button href={confirmUrl} style={styles.button}>
          Confirm my address
        </Button>
      </Section>
      <Text style={styles.small}>
        Or paste this link into your browser: <UrlLink href={confirmUrl} />
      </Text>
      <Text style={styles.small}>
        If you did not ask for this, ignore this e-mail: you will not hear from us again unless you confirm.
      </Text>
    </MailLayout>
  );
}
