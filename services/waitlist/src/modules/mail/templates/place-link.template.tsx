/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
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

export const placeLinkSubject = (i18n: I18n) =>
  i18n._({ id: 'mail.placeLink.subject', message: 'Your link to your place on the Meet Match Date Marry waitlist' });

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
  const { i18n } = useLingui();
  return (
    <MailLayout
      site={site}
      preview={i18n._({ id: 'mail.placeLink.preview', message: 'Here is the link to your place in line again.' })}
      heading={i18n._({ id: 'mail.placeLink.heading', message: 'Here is your place link again' })}
      reason={i18n._({
        id: 'mail.placeLink.reason',
        message:
          'You get this e-mail because someone asked to join the Meet Match Date Marry waitlist with {email}, which is on it already.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        <Trans
          id="mail.placeLink.body"
          message="Someone (hopefully you) asked to join the waitlist with <0>{email}</0>. You are on it already, so nothing changed: here is the link to your page again."
          values={{ email }}
          components={{ 0: <strong /> }}
        />
        {place === null ? null : (
          <>
            {' '}
            <Trans
              id="mail.placeLink.place"
              message="Right now you are number <0>{place}</0> in line."
              values={{ place: i18n.number(place) }}
              components={{ 0: <strong /> }}
            />
          </>
        )}
      </Text>
      <CallToAction href={statusUrl} label={i18n._({ id: 'mail.seePlace', message: 'See my place' })} />
      <Text style={styles.paragraph}>
        <Trans
          id="mail.placeLink.share"
          message="Your code is <0>{referralCode}</0>. Friends who join through your link move you up the list:"
          values={{ referralCode }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Text style={styles.paragraph}>
        <UrlLink href={shareUrl} />
      </Text>
      <Text style={styles.small}>
        {i18n._({
          id: 'mail.placeLink.ignore',
          message: 'If you did not ask for this, ignore this e-mail: your place stays as it is.',
        })}
      </Text>
    </MailLayout>
  );
}
