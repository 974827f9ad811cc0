/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface PlaceLinkProps {
  email: string;
  /** The person's place in line when the mail was written; null when they hold none (invited, or being checked). */
  place: number | null;
  referralCode: string;
  shareUrl: string;
  /** The person's page: their place, friends and city, as the welcome mail's link shows it. */
  statusUrl: string;
  unsubscribeUrl: string;
}

export const placeLinkSubject = () => 'Your link to your place on the Meet Match Date Marry waitlist';

/**
 * Sent when a confirmed address signs up again: most likely its owner lost the welcome mail. It says so plainly and
 * gives the link back; nothing in it is new, so a sign-up typed by someone else tells the owner only that someone tried.
 */
export function PlaceLinkMail({
  site,
  email,
  place,
  referralCode,
  shareUrl,
  statusUrl,
  unsubscribeUrl,
}: PlaceLinkProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview="Here is the link to your place in line again."
      heading="Here is your place link again"
      reason={`You get this e-mail because someone asked to join the Meet Match Date Marry waitlist with ${email}, which is on it already.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Someone (hopefully you) asked to join the waitlist with <strong>{email}</strong>. You are on it already, so
        nothing changed: here is the link to your page again.
        {place === null ? null : (
          <>
            {' '}
            Right now you are number <strong>{place.toLocaleString('en-US')}</strong> in line.
          </>
        )}
      </Text>
      <CallToAction href={statusUrl} label="See my place" />
      <Text style={styles.paragraph}>
        Your code is <strong>{referralCode}</strong>. Friends who join through your link move you up the list:
      </Text>
      <Text style={styles.paragraph}>
        <UrlLink href={shareUrl} />
      </Text>
      <Text style={styles.small}>If you did not ask for this, ignore this e-mail: your place stays as it is.</Text>
    </MailLayout>
  );
}
