/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { frenchAtCity } from '@mmdm/contracts/city-names';
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

export const invitationSubject = (i18n: I18n) =>
  i18n._({ id: 'mail.invitation.subject', message: 'Your invitation to Meet Match Date Marry is here' });

/** The store badges' sentence, for the stores that are out (at least one is). */
function StoresLine({ stores }: { stores: NonNullable<MailSite['stores']> }) {
  if (stores.appStore && stores.playStore) {
    return (
      <Trans
        id="mail.invitation.bothStores"
        message="Then get the app: <0>App Store</0> or <1>Google Play</1>, and sign in with this address."
        components={{ 0: <Link href={stores.appStore} />, 1: <Link href={stores.playStore} /> }}
      />
    );
  }
  return (
    <Trans
      id="mail.invitation.oneStore"
      message="Then get the app: <0>{store}</0>, and sign in with this address."
      values={{ store: stores.appStore ? 'App Store' : 'Google Play' }}
      components={{ 0: <Link href={stores.appStore ?? stores.playStore ?? undefined} /> }}
    />
  );
}

export function InvitationMail({ site, email, city, inviteUrl, unsubscribeUrl }: InvitationProps & { site: MailSite }) {
  const { i18n } = useLingui();
  return (
    <MailLayout
      site={site}
      preview={i18n._({ id: 'mail.invitation.preview', message: 'Your wait is over: your invitation is ready.' })}
      heading={i18n._({ id: 'mail.invitation.heading', message: 'Your invitation is ready' })}
      reason={i18n._({
        id: 'mail.invitation.reason',
        message: 'You get this e-mail because {email} is on the Meet Match Date Marry waitlist and its turn has come.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        {city
          ? i18n._({
              id: 'mail.invitation.bodyCity',
              comment: '{city} is the name as typed ("Le Havre"); {atCity} is it after French "à" ("au Havre").',
              message:
                'Thank you for waiting. We are opening Meet Match Date Marry in {city}, and your place in line has come up: you can now create your account.',
              values: { city, atCity: frenchAtCity(city) },
            })
          : i18n._({
              id: 'mail.invitation.body',
              message: 'Thank you for waiting. Your place in line has come up: you can now create your account.',
            })}
      </Text>
      <CallToAction
        href={inviteUrl}
        label={i18n._({ id: 'mail.invitation.action', message: 'Accept my invitation' })}
      />
      {site.stores?.appStore || site.stores?.playStore ? (
        <Text style={styles.paragraph}>
          <StoresLine stores={site.stores} />
        </Text>
      ) : (
        <Text style={styles.paragraph}>
          {i18n._({
            id: 'mail.invitation.noStores',
            message:
              'The apps are not in the App Store and Google Play yet. Accept your invitation now, and we will e-mail you again the day they are, with the links to get them.',
          })}
        </Text>
      )}
      <Text style={styles.small}>
        {i18n._({
          id: 'mail.invitation.yoursAlone',
          message: 'This link is yours alone: please do not forward this e-mail.',
        })}
      </Text>
    </MailLayout>
  );
}
