/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { DATA_LINK_TTL_MINUTES } from '@mmdm/contracts/privacy';
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

export interface DataAccessProps {
  email: string;
  /** The single-use link to the person's data (the "Your data" page with its token). */
  dataUrl: string;
  unsubscribeUrl: string;
}

export const dataAccessSubject = (i18n: I18n) =>
  i18n._({ id: 'mail.dataAccess.subject', message: 'Your link to the data Meet Match Date Marry holds about you' });

export function DataAccessMail({ site, email, dataUrl, unsubscribeUrl }: DataAccessProps & { site: MailSite }) {
  const { i18n } = useLingui();
  return (
    <MailLayout
      site={site}
      preview={i18n._({
        id: 'mail.dataAccess.preview',
        message: 'Here is your link to see, download or erase your waitlist data.',
      })}
      heading={i18n._({ id: 'mail.dataAccess.heading', message: 'Your data, as you asked' })}
      reason={i18n._({
        id: 'mail.dataAccess.reason',
        message:
          'You get this e-mail because someone asked on our "Your data" page for the data we hold about {email}.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        {i18n._({
          id: 'mail.dataAccess.body',
          message:
            'Open the link below to see everything we hold about this address, download it, or erase all of it at once.',
        })}
      </Text>
      <CallToAction href={dataUrl} label={i18n._({ id: 'mail.dataAccess.action', message: 'See my data' })} />
      <Text style={styles.small}>
        {i18n._({
          id: 'mail.dataAccess.once',
          message:
            'The link works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes and nobody else sees your data.',
          values: { minutes: DATA_LINK_TTL_MINUTES },
        })}
      </Text>
    </MailLayout>
  );
}
