// The automatic JSX runtime whichever tsconfig the loader reads: tsx, as the fault suite starts the worker from source,
// may read one without the jsx setting and compiled React.createElement calls ("React is not defined": no mail left).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { isLanguage } from '@mmdm/contracts/languages';
import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Trans, useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/** What every mail knows about the sender, from config. */
export interface MailSite {
  publicUrl: string;
  supportEmail: string;
  /** Shown in every footer (CAN-SPAM and most anti-spam policies ask for a postal address). */
  postalAddress?: string | undefined;
  /** APP_STORE_URL / PLAY_STORE_URL: where the invitation's store links lead; unset or null while the apps are not out. */
  stores?: { appStore: string | null; playStore: string | null };
}

/** The site's look (web/src/styles): rose on a blush background, system sans-serif, no web font, no remote image. */
export const colors = {
  page: '#fff7f9',
  card: '#ffffff',
  ink: '#1f2937',
  muted: '#6b7280',
  accent: '#e11d48',
  line: '#f1d5dc',
};

const font = 'Arial, Helvetica, sans-serif';

export const styles = {
  paragraph: { fontSize: '15px', lineHeight: '24px', margin: '0 0 16px', color: colors.ink },
  small: { fontSize: '13px', lineHeight: '20px', margin: '0 0 12px', color: colors.ink },
  button: {
    backgroundColor: colors.accent,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '8px',
    textDecoration: 'none',
    fontWeight: 'bold',
    fontSize: '15px',
  },
  link: { color: colors.accent, textDecoration: 'underline' },
};

/**
 * A link that shows its own address: the text and the target are the same string, so no mail filter (or person)
 * sees a link whose text names one address and goes to another.
 */
export function UrlLink({ href }: { href: string }) {
  return (
    <Link href={href} style={{ ...styles.link, wordBreak: 'break-all' }}>
      {href}
    </Link>
  );
}

/**
 * The mail's one action: a button, then the same address written out for a reader whose mail program shows no
 * buttons (`linkLead` says what it is; by default, that it can be pasted into a browser).
 */
export function CallToAction({ href, label, linkLead }: { href: string; label: string; linkLead?: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <Section style={{ margin: '28px 0' }}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.small}>
        {linkLead ?? i18n._({ id: 'mail.pasteLink', message: 'Or paste this link into your browser:' })}{' '}
        <UrlLink href={href} />
      </Text>
    </>
  );
}

export interface MailLayoutProps {
  site: MailSite;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  /** Why this person gets this mail, in the footer. */
  reason: string;
  /**
   * Every mail to a person has one, with the support address and the "Your data" page beside it. A mail to our own
   * support desk (a visitor's contact message) has none: it is no mail to unsubscribe from.
   */
  unsubscribeUrl?: string;
  children: ReactNode;
}

/** One frame for every mail: the same header, card and footer (why you get this, unsubscribe, your data, address). */
export function MailLayout({ site, preview, heading, reason, unsubscribeUrl, children }: MailLayoutProps) {
  const { i18n } = useLingui();
  // The page in the mail's language (the catalogue's locale is the entry's language).
  const dataUrl = mailLinks.yourDataPage(pagesUrl(site.publicUrl, isLanguage(i18n.locale) ? i18n.locale : 'en'));
  return (
    <Html lang={i18n.locale}>
      <Head>
        <title>{heading}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', backgroundColor: colors.page, fontFamily: font }}>
        <Container style={{ maxWidth: '560px' }}>
          <Text style={{ fontSize: '16px', fontWeight: 'bold', color: colors.accent, margin: '0 0 12px' }}>
            Meet Match Date Marry
          </Text>
          <Section style={{ backgroundColor: colors.card, borderRadius: '12px', padding: '32px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', margin: '0 0 16px', color: colors.ink }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: '24px 0 16px' }} />
          <Section>
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '0 0 8px' }}>
              {reason}
            </Text>
            {unsubscribeUrl !== undefined && (
              <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '0 0 8px' }}>
                <Trans
                  id="mail.footer"
                  message="Questions? Write to <0>{supportEmail}</0>. Stop these e-mails: <1/>. See or erase what we hold about you: <2/>."
                  values={{ supportEmail: site.supportEmail }}
                  components={{
                    0: <Link href={`mailto:${site.supportEmail}`} style={styles.link} />,
                    1: <UrlLink href={unsubscribeUrl} />,
                    2: <UrlLink href={dataUrl} />,
                  }}
                />
              </Text>
            )}
            {/* Without MAIL_POSTAL_ADDRESS the line is left out rather than printing a placeholder to a person. */}
            {site.postalAddress && (
              <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: 0 }}>
                Meet Match Date Marry, {site.postalAddress}
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
