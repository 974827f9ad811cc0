/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, UrlLink, type MailSite } from './mail-layout.js';

export interface FriendJoinedProps {
  email: string;
  /** The person's place when the mail leaves (after every credit of the hour). */
  place: number;
  /** Friends credited so far. */
  friends: number;
  shareUrl: string;
  /** Where the person sees their place (a fresh read-only link, as the welcome mail's). */
  statusUrl: string;
  unsubscribeUrl: string;
}

const number = (value: number) => value.toLocaleString('en-US');

export const friendJoinedSubject = (props: Pick<FriendJoinedProps, 'place'>) =>
  `A friend joined with your link: you are now number ${number(props.place)}`;

export function FriendJoinedMail({
  site,
  email,
  place,
  friends,
  shareUrl,
  statusUrl,
  unsubscribeUrl,
}: FriendJoinedProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview={`You moved up the waitlist: you are now number ${number(place)}.`}
      heading="You moved up the line"
      reason={`You get this e-mail because a friend confirmed their address with the referral link of ${email} on the Meet Match Date Marry waitlist. We send at most one such note an hour.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Good news: a friend joined the waitlist with your link and confirmed their address, so you moved up. You are now
        number <strong>{number(place)}</strong> in line.
      </Text>
      <Text style={styles.paragraph}>
        {friends === 1 ? 'One friend has' : `${number(friends)} friends have`} joined with your link so far. Friends who
        join with it keep moving you up:
      </Text>
      <Text style={styles.paragraph}>
        <UrlLink href={shareUrl} />
      </Text>
      <CallToAction href={statusUrl} label="See my place" linkLead="Your place, any time:" />
    </MailLayout>
  );
}
