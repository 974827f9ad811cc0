import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.en.js';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    body: (
      <p>
        These terms are a contract between you and Meet Match Date Marry, Inc. By joining the waitlist, creating an
        account or using the service you accept them, together with our{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link> and <Link to={paths.cookiePolicy}>Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use the service',
    body: (
      <p>
        You must be at least 18 years old and legally able to enter into this contract. You may have only one account,
        and you may not use the service if you have been removed from it before or are barred by law.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        Keep your login details safe and tell us at once if you think someone else has used your account. The
        information on your profile must be true and about you. You are responsible for what happens under your account.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'How we treat each other',
    body: (
      <>
        <p>To keep the community safe and kind, you agree not to:</p>
        <ul>
          <li>harass, threaten, deceive or discriminate against anyone;</li>
          <li>post nudity, violence, hate speech or anything illegal;</li>
          <li>impersonate someone, use a fake identity or ask members for money;</li>
          <li>advertise, spam, scrape the service or use bots.</li>
        </ul>
        <p>We may remove content and suspend or close accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You own the photos and text you post. You give us a licence to host, show and adapt them as needed to run the
        service, which ends when you delete them or your account, except where others have already received them in
        messages.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Free and premium plans',
    body: (
      <p>
        The core service is free. Premium subscriptions, from $9.99/month, add extra features. Prices are shown in the
        app before you buy and may differ by country and store.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Billing and automatic renewal',
    body: (
      <p>
        Subscriptions are billed monthly, quarterly or annually, depending on the plan you choose, and renew
        automatically for the same period at the then-current price unless you cancel before the renewal date. You pay
        through the app store or payment provider you bought with.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelling',
    body: (
      <p>
        You can cancel any time in your store or account settings. Your premium access continues until the end of the
        period you have already paid for; after that your account moves to the free plan, and you keep your profile and
        matches.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds and billing errors',
    body: (
      <p>
        Purchases are non-refundable, except where the law requires a refund. If you think you were charged in error,
        contact support at <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a> within 14
        days of the charge and we will look into it.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Safety and meeting in person',
    body: (
      <p>
        We offer safety tools, but we do not run criminal background checks on members and cannot guarantee anyone's
        behaviour. Take care when you meet someone: meet in public, tell a friend, and report anything that worries you.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <p>
        The service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
        loss, and our total liability is limited to the amount you paid us in the twelve months before the claim.
        Nothing in these terms limits rights you have by law as a consumer.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Changes, ending and governing law',
    body: (
      <p>
        We may update these terms and will give you notice of material changes. You may close your account at any time.
        These terms are governed by the laws of the State of California, without prejudice to the mandatory consumer
        protections of the country you live in. Questions? Write to{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Terms & Conditions',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Please read these terms carefully. They explain the rules for using Meet Match Date Marry, what you can expect
      from us and what we expect from you.
    </p>
  ),
  sections,
};
