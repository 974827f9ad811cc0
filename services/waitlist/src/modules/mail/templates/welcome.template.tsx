/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
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

export const welcomeSubject = (i18n: I18n, props: Pick<WelcomeProps, 'place'>) =>
  i18n._({
    id: 'mail.welcome.subject',
    message: 'You are number {place} on the Meet Match Date Marry waitlist',
    values: { place: i18n.number(props.place) },
  });

export function WelcomeMail({
  site,
  email,
  place,
  referralCode,
  shareUrl,
  statusUrl,
  unsubscribeUrl,
}: WelcomeProps & { site: MailSite }) {
  const { i18n } = useLingui();
  const placeText = i18n.number(place);
  return (
    <MailLayout
      site={site}
      preview={i18n._({
        id: 'mail.welcome.preview',
        message: 'Your place in line: {place}. Share your link to move up.',
        values: { place: placeText },
      })}
      heading={i18n._({ id: 'mail.welcome.heading', message: 'Welcome, your place is saved' })}
      reason={i18n._({
        id: 'mail.welcome.reason',
        message: 'You get this e-mail because you confirmed {email} on the Meet Match Date Marry waitlist.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        <Trans
          id="mail.welcome.place"
          message="Thank you for confirming. You are number <0>{place}</0> in line, and we will write to you when your invitation is ready."
          values={{ place: placeText }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Text style={styles.paragraph}>
        <Trans
          id="mail.welcome.share"
          message="Friends who join through your link move you up the list. Your code is <0>{referralCode}</0>, and your link is:"
          values={{ referralCode }}
          components={{ 0: <strong /> }}
        />
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
