/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { DATA_LINK_TTL_MINUTES } from '@mmdm/contracts/privacy';
import { Text } from '@react-email/text';
import { CallToAction, MailLayout, styles, type MailSite } from './mail-layout.js';

export interface DataAccessProps {
  email: string;
  /** The single-use link to the person's data (the "Your data" page with its token). */
  dataUrl: string;
  unsubscribeUrl: string;
}

export const dataAccessSubject = () => 'Your link to the data Meet Match Date Marry holds about you';

export function DataAccessMail({ site, email, dataUrl, unsubscribeUrl }: DataAccessProps & { site: MailSite }) {
  return (
    <MailLayout
      site={site}
      preview="Here is your link to see, download or erase your waitlist data."
      heading="Your data, as you asked"
      reason={`You get this e-mail because someone asked on our "Your data" page for the data we hold about ${email}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={styles.paragraph}>
        Open the link below to see everything we hold about this address, download it, or erase all of it at once.
      </Text>
      <CallToAction href={dataUrl} label="See my data" />
      <Text style={styles.small}>
        The link works once, for {DATA_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: nothing
        changes and nobody else sees your data.
      </Text>
    </MailLayout>
  );
}
