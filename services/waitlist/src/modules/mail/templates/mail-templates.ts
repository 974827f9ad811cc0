import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { ConfirmationMail, confirmationSubject, type ConfirmationProps } from './confirmation.template.js';
import { ContactMail, contactSubject, type ContactProps } from './contact.template.js';
import { DataAccessMail, dataAccessSubject, type DataAccessProps } from './data-access.template.js';
import { FriendJoinedMail, friendJoinedSubject, type FriendJoinedProps } from './friend-joined.template.js';
import { InvitationMail, invitationSubject, type InvitationProps } from './invitation.template.js';
import type { MailSite } from './mail-layout.js';
import { PlaceLinkMail, placeLinkSubject, type PlaceLinkProps } from './place-link.template.js';
import { WelcomeMail, welcomeSubject, type WelcomeProps } from './welcome.template.js';

export type { MailSite } from './mail-layout.js';
export type {
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
}

export type MailTemplateName = keyof MailTemplateProps;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface TemplateDefinition<P> {
  description: string;
  subject(props: P): string;
  element(props: P, site: MailSite): ReactElement;
  /** Sample data for the staff preview. */
  sample(site: MailSite): P;
  /**
   * Set for a mail to our own support desk rather than to a person on the list: it has no unsubscribe link and no
   * "Your data" line, which every mail to a person must have.
   */
  toSupport?: true;
}

const sampleToken = 'SAMPLE-TOKEN-not-a-real-link';

const templates: { [N in MailTemplateName]: TemplateDefinition<MailTemplateProps[N]> } = {
  confirmation: {
    description: 'Sent after a sign-up (and a resend): the double opt-in link.',
    subject: confirmationSubject,
    element: (props, site) => createElement(ConfirmationMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      confirmUrl: `${site.publicUrl}/confirm?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  welcome: {
    description: 'Sent once an address is confirmed: the place in line and the link to share.',
    subject: welcomeSubject,
    element: (props, site) => createElement(WelcomeMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      place: 1234,
      referralCode: 'ANA7K2Q9',
      shareUrl: `${site.publicUrl}/waitlist?ref=ANA7K2Q9`,
      statusUrl: `${site.publicUrl}/confirm?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  'place-link': {
    description: 'Sent when a confirmed address signs up again (at most once per 10 minutes): its place link again.',
    subject: placeLinkSubject,
    element: (props, site) => createElement(PlaceLinkMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      place: 1234,
      referralCode: 'ANA7K2Q9',
      shareUrl: `${site.publicUrl}/waitlist?ref=ANA7K2Q9`,
      statusUrl: `${site.publicUrl}/confirm?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  'friend-joined': {
    description:
      'Sent to a person in line when a friend who joined with their link confirms (at most one an hour): the new place.',
    subject: friendJoinedSubject,
    element: (props, site) => createElement(FriendJoinedMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      place: 1224,
      friends: 1,
      shareUrl: `${site.publicUrl}/waitlist?ref=ANA7K2Q9`,
      statusUrl: `${site.publicUrl}/confirm?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  invitation: {
    description: 'Sent to each person of an invitation wave: the link into the app.',
    subject: invitationSubject,
    element: (props, site) => createElement(InvitationMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      city: 'Lisbon',
      inviteUrl: `${site.publicUrl}/invite?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  'data-access': {
    description: 'Sent when someone asks on the "Your data" page for an address on the list: its single-use link.',
    subject: dataAccessSubject,
    element: (props, site) => createElement(DataAccessMail, { ...props, site }),
    sample: (site) => ({
      email: 'ana@example.com',
      dataUrl: `${site.publicUrl}/your-data?token=${sampleToken}`,
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${sampleToken}`,
    }),
  },
  contact: {
    description: 'Sent to SUPPORT_EMAIL for each message of the contact form, with the visitor as Reply-To.',
    subject: contactSubject,
    element: (props, site) => createElement(ContactMail, { ...props, site }),
    sample: (site) => ({
      name: 'Ana Silva',
      email: 'ana@example.com',
      message:
        'Hello! I joined the waitlist last week.\n\nWill the app open in Porto at launch, or only in Lisbon? Thank you.',
      receivedAt: new Date('2026-03-02T14:05:00Z'),
      messageUrl: `${site.publicUrl}/admin/messages/42`,
    }),
    toSupport: true,
  },
};

export const MAIL_TEMPLATE_NAMES = Object.keys(templates) as MailTemplateName[];

/** The mails to people on the list (every one but those to our own support desk): each has the whole footer. */
export const PERSON_MAIL_TEMPLATE_NAMES = MAIL_TEMPLATE_NAMES.filter((name) => !templates[name].toSupport);

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(templates, name);
}

/**
 * Renders one mail: the HTML from the template, and the text part from that same HTML (links written out), so the
 * two parts always say the same thing.
 */
export async function renderMail<N extends MailTemplateName>(
  name: N,
  props: MailTemplateProps[N],
  site: MailSite,
): Promise<RenderedMail> {
  const template = templates[name] as TemplateDefinition<MailTemplateProps[N]>;
  const html = await render(template.element(props, site));
  // Headings keep their case: a shouted line reads as spam to filters and people alike.
  const text = toPlainText(html, {
    wordwrap: 78,
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  return { subject: template.subject(props), html, text };
}

export interface MailTemplateSummary {
  name: MailTemplateName;
  description: string;
  subject: string;
}

export function listMailTemplates(site: MailSite): MailTemplateSummary[] {
  return MAIL_TEMPLATE_NAMES.map((name) => {
    const template = templates[name] as TemplateDefinition<MailTemplateProps[typeof name]>;
    return { name, description: template.description, subject: template.subject(template.sample(site)) };
  });
}

/** The template rendered with its sample data, for staff to look at before it goes out. */
export function previewMailTemplate(name: MailTemplateName, site: MailSite): Promise<RenderedMail> {
  const template = templates[name] as TemplateDefinition<MailTemplateProps[typeof name]>;
  return renderMail(name, template.sample(site), site);
}
