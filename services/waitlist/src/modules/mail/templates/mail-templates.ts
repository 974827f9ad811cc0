import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DEFAULT_LANGUAGE, type Language } from '@mmdm/contracts/languages';
import { pagesUrl } from '@mmdm/contracts/web-paths';
import { render, toPlainText } from '@react-email/render';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { AdminAlertMail, adminAlertSubject, type AdminAlertProps } from './admin-alert.template.js';
import { ConfirmationMail, confirmationSubject, type ConfirmationProps } from './confirmation.template.js';
import { ContactMail, contactSubject, type ContactProps } from './contact.template.js';
import { DataAccessMail, dataAccessSubject, type DataAccessProps } from './data-access.template.js';
import { FriendJoinedMail, friendJoinedSubject, type FriendJoinedProps } from './friend-joined.template.js';
import { InvitationMail, invitationSubject, type InvitationProps } from './invitation.template.js';
import type { MailSite } from './mail-layout.js';
import { mailI18n } from './mail-i18n.js';
import { PlaceLinkMail, placeLinkSubject, type PlaceLinkProps } from './place-link.template.js';
import { WelcomeMail, welcomeSubject, type WelcomeProps } from './welcome.template.js';

export type { MailSite } from './mail-layout.js';
export type {
  AdminAlertProps,
  ConfirmationProps,
  ContactProps,
  DataAccessProps,
  FriendJoinedProps,
  InvitationProps,
  PlaceLinkProps,
  WelcomeProps,
};

/** The props each template takes, by name. */
export interface MailTemplateProps {
  confirmation: ConfirmationProps;
  welcome: WelcomeProps;
  'place-link': PlaceLinkProps;
  'friend-joined': FriendJoinedProps;
  invitation: InvitationProps;
  'data-access': DataAccessProps;
  contact: ContactProps;
  'admin-alert': AdminAlertProps;
}

export type MailTemplateName = keyof MailTemplateProps;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface TemplateDefinition<P> {
  description: string;
  /** In the language `i18n` is set to. */
  subject(i18n: I18n, props: P): string;
  element(props: P, site: MailSite): ReactElement;
  /** Sample data for the staff preview. */
  sample(site: MailSite): P;
  /**
   * Set for a mail to our own support desk rather than to a person on the list: it has no unsubscribe link and no
   * "Your data" line, which every mail to a person must have.
   */
  toSupport?: true;
}

/** A registry entry: every template is its mail component given the props and the site. */
function defineTemplate<P>(
  component: ComponentType<P & { site: MailSite }>,
  definition: Omit<TemplateDefinition<P>, 'element'>,
): TemplateDefinition<P> {
  return { ...definition, element: (props, site) => createElement(component, { ...props, site }) };
}

const sampleToken = 'SAMPLE-TOKEN-not-a-real-link';

/** A single-use link as the samples show it: the site's page with a token that opens nothing. */
const sampleLink = (site: MailSite, path: string) => `${site.publicUrl}${path}?token=${sampleToken}`;

/** What every sample mail to a person on the list has: the address and the link to leave the list. */
const samplePerson = (site: MailSite) => ({
  email: 'ana@example.com',
  unsubscribeUrl: sampleLink(site, '/unsubscribe'),
});

/** A person's links to their place in line and to share, in the mails that tell a place. */
const samplePlaceLinks = (site: MailSite) => ({
  shareUrl: `${site.publicUrl}/waitlist?ref=ANA7K2Q9`,
  statusUrl: sampleLink(site, '/confirm'),
});

/** The welcome and the place-link mails tell the same place. */
const samplePlace = (site: MailSite) => ({
  ...samplePerson(site),
  ...samplePlaceLinks(site),
  place: 1234,
  referralCode: 'ANA7K2Q9',
});

const templates: { [N in MailTemplateName]: TemplateDefinition<MailTemplateProps[N]> } = {
  confirmation: defineTemplate(ConfirmationMail, {
    description: 'Sent after a sign-up (and a resend): the double opt-in link.',
    subject: confirmationSubject,
    sample: (site) => ({ ...samplePerson(site), confirmUrl: sampleLink(site, '/confirm') }),
  }),
  welcome: defineTemplate(WelcomeMail, {
    description: 'Sent once an address is confirmed: the place in line and the link to share.',
    subject: welcomeSubject,
    sample: samplePlace,
  }),
  'place-link': defineTemplate(PlaceLinkMail, {
    description: 'Sent when a confirmed address signs up again (at most once per 10 minutes): its place link again.',
    subject: placeLinkSubject,
    sample: samplePlace,
  }),
  'friend-joined': defineTemplate(FriendJoinedMail, {
    description:
      'Sent to a person in line when a friend who joined with their link confirms (at most one an hour): the new place.',
    subject: friendJoinedSubject,
    sample: (site) => ({ ...samplePerson(site), ...samplePlaceLinks(site), place: 1224, friends: 1 }),
  }),
  invitation: defineTemplate(InvitationMail, {
    description: 'Sent to each person of an invitation wave: the link into the app.',
    subject: invitationSubject,
    sample: (site) => ({ ...samplePerson(site), city: 'Lisbon', inviteUrl: sampleLink(site, '/invite') }),
  }),
  'data-access': defineTemplate(DataAccessMail, {
    description: 'Sent when someone asks on the "Your data" page for an address on the list: its single-use link.',
    subject: dataAccessSubject,
    sample: (site) => ({ ...samplePerson(site), dataUrl: sampleLink(site, '/your-data') }),
  }),
  contact: defineTemplate(ContactMail, {
    description: 'Sent to SUPPORT_EMAIL for each message of the contact form, with the visitor as Reply-To.',
    // To our own support desk: in English, whatever the visitor's language.
    subject: (_i18n, props) => contactSubject(props),
    sample: (site) => ({
      name: 'Ana Silva',
      email: 'ana@example.com',
      message:
        'Hello! I joined the waitlist last week.\n\nWill the app open in Porto at launch, or only in Lisbon? Thank you.',
      receivedAt: new Date('2026-03-02T14:05:00Z'),
      messageUrl: `${site.publicUrl}/admin/messages/42`,
    }),
    toSupport: true,
  }),
  'admin-alert': defineTemplate(AdminAlertMail, {
    description:
      'Sent to each admin when something waits for one: a city that reached its opening threshold and waits for its click.',
    // To our own staff: in English, as the staff panel is.
    subject: (_i18n, props) => adminAlertSubject(props),
    sample: (site) => ({
      subject: 'Lisbon reached its opening threshold',
      paragraphs: [
        'Lisbon has 2,000 people in line, its opening threshold of 2,000. It opens when an admin says so.',
        'Opening it sends its first wave: 500 invitations to the best places in Lisbon.',
      ],
      actionUrl: `${site.publicUrl}/admin`,
      actionLabel: 'Open the dashboard',
    }),
    toSupport: true,
  }),
};

export const MAIL_TEMPLATE_NAMES = Object.keys(templates) as MailTemplateName[];

/** The mails to people on the list (every one but those to our own support desk): each has the whole footer. */
export const PERSON_MAIL_TEMPLATE_NAMES = MAIL_TEMPLATE_NAMES.filter((name) => !templates[name].toSupport);

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(templates, name);
}

/**
 * Renders one mail in the person's language: the HTML from the template, and the text part from that same HTML
 * (links written out), so the two parts always say the same thing. A mail to our support desk is in English.
 */
export async function renderMail<N extends MailTemplateName>(
  name: N,
  props: MailTemplateProps[N],
  site: MailSite,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RenderedMail> {
  const template = templates[name] as TemplateDefinition<MailTemplateProps[N]>;
  const i18n = mailI18n(template.toSupport ? DEFAULT_LANGUAGE : language);
  const html = await render(createElement(I18nProvider, { i18n }, template.element(props, site)));
  // Headings keep their case: a shouted line reads as spam to filters and people alike.
  const text = toPlainText(html, {
    wordwrap: 78,
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  return { subject: template.subject(i18n, props), html, text };
}

export interface MailTemplateSummary {
  name: MailTemplateName;
  description: string;
  subject: string;
}

export function listMailTemplates(site: MailSite): MailTemplateSummary[] {
  return MAIL_TEMPLATE_NAMES.map((name) => {
    const template = templates[name] as TemplateDefinition<MailTemplateProps[typeof name]>;
    return {
      name,
      description: template.description,
      subject: template.subject(mailI18n(DEFAULT_LANGUAGE), template.sample(site)),
    };
  });
}

/** The template rendered with its sample data, for staff to look at before it goes out, in any language. */
export function previewMailTemplate(
  name: MailTemplateName,
  site: MailSite,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RenderedMail> {
  const template = templates[name] as TemplateDefinition<MailTemplateProps[typeof name]>;
  // The sample's links open the pages in the preview's language, as the senders' links do (pagesUrl); the layout
  // prefixes its own links from the plain site.
  const sampleSite = { ...site, publicUrl: pagesUrl(site.publicUrl, language) };
  return renderMail(name, template.sample(sampleSite), site, language);
}
