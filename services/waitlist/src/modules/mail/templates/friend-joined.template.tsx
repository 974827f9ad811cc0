/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
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

export const friendJoinedSubject = (i18n: I18n, props: Pick<FriendJoinedProps, 'place'>) =>
  i18n._({
    id: 'mail.friendJoined.subject',
    message: 'A friend joined with your link: you are now number {place}',
    values: { place: i18n.number(props.place) },
  });

export function FriendJoinedMail({
  site,
  email,
  place,
  friends,
  shareUrl,
  statusUrl,
  unsubscribeUrl,
}: FriendJoinedProps & { site: MailSite }) {
  const { i18n } = useLingui();
  const placeText = i18n.number(place);
  return (
    <MailLayout
      site={site}
      preview={i18n._({
        id: 'mail.friendJoined.preview',
        message: 'You moved up the waitlist: you are now number {place}.',
        values: { place: placeText },
      })}
      heading={i18n._({ id: 'mail.friendJoined.heading', message: 'You moved up the line' })}
      reason={i18n._({
        id: 'mail.friendJoined.reason',
        message:
          'You get this e-mail because a friend confirmed their address with the referral link of {email} on the Meet Match Date Marry waitlist. We send at most one such note an hour.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        <Trans
          id="mail.friendJoined.body"
          message="Good news: a friend joined the waitlist with your link and confirmed their address, so you moved up. You are now number <0>{place}</0> in line."
          values={{ place: placeText }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Text style={styles.paragraph}>
        {i18n._({
          id: 'mail.friendJoined.friends',
          message:
            '{friends, plural, one {One friend has joined with your link so far.} other {# friends have joined with your link so far.}} Friends who join with it keep moving you up:',
          values: { friends },
        })}
      </Text>
      <Text style={styles.paragraph}>
        <UrlLink href={shareUrl} />
      </Text>
      <CallToAction
        href={statusUrl}
        label={i18n._({ id: 'mail.seePlace', message: 'See my place' })}
        linkLead={i18n._({ id: 'mail.placeAnyTime', message: 'Your place, any time:' })}
      />
    </MailLayout>
  );
}
