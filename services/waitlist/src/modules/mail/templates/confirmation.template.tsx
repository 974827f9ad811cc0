/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

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
      <CallToAction href={confirmUrl} label="Confirm my address" />
      <Text style={styles.small}>
        If you did not ask for this, ignore this e-mail: you will not hear from us again unless you confirm.
      </Text>
    </MailLayout>
  );
}
