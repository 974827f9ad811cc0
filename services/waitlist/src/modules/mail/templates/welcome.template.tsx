/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface WelcomeProps {
  email: string;
  /** The person's place in line when the mail was written. */
  place: number;
  referralCode: string;
  /** The link to share: a sign-up through it moves this person up. */
  shareUrl: string;
  /** Where the person sees their place later. */
  statusUrl: string;
  unsubscribeUrl: string;
}

export const welcomeSubject = (props: Pick<WelcomeProps, 'place'>) =>
  `You are number ${props.place.toLocaleString('en-US')} on the Meet Match Date Marry waitlist`;

export function WelcomeMail({
  site,
  email,
  place,
  referralCode,
  shareUrl,
  statusUrl,
  unsubscribeUrl,
}: WelcomeProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview={`Your place in line: ${place.toLocaleString('en-US')}. Share your link to move up.`}
      heading="Welcome, your place is saved"
      reason={`You get this e-mail because you confirmed ${email} on the Meet Match Date Marry waitlist.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Thank you for confirming. You are number <strong>{place.toLocaleString('en-US')}</strong> in line, and we will
        write to you when your invitation is ready.
      </Text>
      <Text style={styles.paragraph}>
        Friends who join through your link move you up the list. Your code is <strong>{referralCode}</strong>, and your
        link is:
      </Text>
      <Text style={styles.paragraph}>
        <UrlLink href={shareUrl} />
      </Text>
      <CallToAction href={statusUrl} label="See my place" linkLead="Your place, any time:" />
    </MailLayout>
  );
}
