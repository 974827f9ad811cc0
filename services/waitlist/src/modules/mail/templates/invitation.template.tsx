/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

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
      <CallToAction href={inviteUrl} label="Accept my invitation" />
      {site.stores?.appStore || site.stores?.playStore ? (
        <Text style={styles.paragraph}>
          Then get the app: {site.stores.appStore ? <Link href={site.stores.appStore}>App Store</Link> : null}
          {site.stores.appStore && site.stores.playStore ? ' or ' : null}
          {site.stores.playStore ? <Link href={site.stores.playStore}>Google Play</Link> : null}, and sign in with this
          address.
        </Text>
      ) : (
        <Text style={styles.paragraph}>
          The apps are not in the App Store and Google Play yet. Accept your invitation now, and we will e-mail you
          again the day they are, with the links to get them.
        </Text>
      )}
      <Text style={styles.small}>This link is yours alone: please do not forward this e-mail.</Text>
    </MailLayout>
  );
}
