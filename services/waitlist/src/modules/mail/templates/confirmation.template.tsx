/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

export interface ConfirmationProps {
  /** The only thing the visitor typed that appears in the mail. */
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export const confirmationSubject = (i18n: I18n) =>
  i18n._({ id: 'mail.confirmation.subject', message: 'Confirm your place on the Meet Match Date Marry waitlist' });

export function ConfirmationMail({ site, email, confirmUrl, unsubscribeUrl }: ConfirmationProps & { site: MailSite }) {
  const { i18n } = useLingui();
  return (
    <MailLayout
      site={site}
      preview={i18n._({
        id: 'mail.confirmation.preview',
        message: 'One click and your place on the waitlist is yours.',
      })}
      heading={i18n._({ id: 'mail.confirmation.heading', message: 'Confirm your place on the waitlist' })}
      reason={i18n._({
        id: 'mail.confirmation.reason',
        message: 'You get this e-mail because someone asked to join the Meet Match Date Marry waitlist with {email}.',
        values: { email },
      })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        <Trans
          id="mail.confirmation.body"
          message="Someone (hopefully you) asked to join the Meet Match Date Marry waitlist with <0>{email}</0>."
          values={{ email }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <CallToAction
        href={confirmUrl}
        label={i18n._({ id: 'mail.confirmation.action', message: 'Confirm my address' })}
      />
      <Text style={styles.small}>
        {i18n._({
          id: 'mail.confirmation.ignore',
          message:
            'If you did not ask for this, ignore this e-mail: you will not hear from us again unless you confirm.',
        })}
      </Text>
    </MailLayout>
  );
}
