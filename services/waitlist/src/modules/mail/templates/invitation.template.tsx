/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface InvitationProps {
  email: string;
  /** The city of the wave, when the wave was for one city. */
  city: string | null;
  /** The person's own link into the app. */
  inviteUrl: string;
  unsubscribeUrl: string;
}

export const invitationSubject = () => 'Your invitation to Meet Match Date Marry is here';

export function InvitationMail({ site, email, city, inviteUrl, unsubscribeUrl }: InvitationProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview="Your wait is over: your invitation is ready."
      heading="Your invitation is ready"
      reason={`You get this e-mail because ${email} is on the Meet Match Date Marry waitlist and its turn has come.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Thank you for waiting. {city ? `We are opening Meet Match Date Marry in ${city}, and ` : ''}your place in line
        has come up: you can now create your account.
      </Text>
      <Section style={{ margin: '28px 0' }}>
        <Button href={inviteUrl} style={styles.button}>
          Accept my invitation
        </Button>
      </Section>
      <Text style={styles.small}>
        Or paste this link into your browser: <UrlLink href={inviteUrl} />
      </Text>
      <Text style={styles.small}>This link is yours alone: please do not forward this e-mail.</Text>
    </MailLayout>
  );
}
