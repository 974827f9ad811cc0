import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.en.js';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Meet Match Date Marry, Inc. ("we", "us") runs the Meet Match Date Marry website and apps and is responsible for
        the personal data described in this policy. You can reach our privacy team at{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a> or by post at{' '}
        {site.contact.address.join(', ')}.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Our service is for adults',
    body: (
      <p>
        Meet Match Date Marry is only for people aged 18 or older. We do not knowingly collect data about anyone under
        18. If we learn that an account belongs to someone under 18, we close it and delete its data.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <p>We collect only what we need to run the service well:</p>
        <ul>
          <li>
            <strong>Waitlist sign-ups:</strong> your e-mail address, the referral code you entered (if any), and when
            you signed up, confirmed or unsubscribed (and when we last e-mailed you your place link again); your place
            in line, the city you chose, the language of your e-mails and your referral credits; once you are admitted,
            your tickets for friends and whether each was used (never by whom), and if you joined with a friend's
            ticket, that you used one (never whose); and what was decided about your sign-up: whether our checks held it
            for review and why, a credit held or refused and why, our staff's decision, and the invitation wave that
            invited you. The <Link to={paths.yourData}>Your data</Link> page shows and downloads all of it.
          </li>
          <li>
            <strong>Who you are and whom you hope to meet (optional, only with your consent):</strong> on your place
            page, never on the sign-up form, you may tell us whether you are a woman, a man or non-binary and whether
            you hope to meet women, men or everyone. This can reveal your sexual orientation, which the law treats as a
            special category of data, so we ask for your explicit consent, use it for one purpose only (to balance who
            is invited together, so the first people let in can find someone) and keep it encrypted with a key of its
            own. Nobody at Meet Match Date Marry sees it person by person: our staff see only how many of each group a
            wave would invite. It is never in our logs, our staff's exports or anything we send to other systems. Only
            you see it, on your place page and the <Link to={paths.yourData}>Your data</Link> page.
          </li>
          <li>
            <strong>Messages you send us:</strong> when you write to us through the contact form, your name, your e-mail
            address, your message and when it arrived. It goes to our support team's mailbox too.
          </li>
          <li>
            <strong>Account and profile data:</strong> your name, date of birth, photos, interests, values, what you are
            looking for, your distance preference and anything else you choose to add to your profile.
          </li>
          <li>
            <strong>Messages and activity:</strong> your likes, matches and the messages you exchange, so we can deliver
            them and keep the community safe.
          </li>
          <li>
            <strong>Device and usage data:</strong> IP address, device type, app version and how you use the service,
            collected through cookies and similar technologies (see our{' '}
            <Link to={paths.cookiePolicy}>Cookie Policy</Link>).
          </li>
          <li>
            <strong>Payment data:</strong> if you buy a subscription, the app store or our payment provider processes
            your card details; we only receive a confirmation and the subscription's status.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your data and why we may',
    body: (
      <ul>
        <li>To provide the service and suggest matches (performance of our contract with you).</li>
        <li>To send the e-mails you asked for, such as the waitlist confirmation and launch news (your consent).</li>
        <li>
          When a friend who joined with your referral link confirms their address, to tell you that you moved up and
          your new place in line: at most one such e-mail an hour, never to an address that unsubscribed (your consent,
          given when you joined the waitlist). Your friend is not named.
        </li>
        <li>
          If an address already confirmed is used to join again, to e-mail that address the link to its place in line
          (at most once every 10 minutes), so that whoever lost it gets it back; the sign-up page itself never says
          whether an address is on the list.
        </li>
        <li>
          If you tell us who you are and whom you hope to meet, to balance who is invited together in a wave (your
          explicit consent, which you can withdraw on your place page at any time: that deletes it at once; your place
          in line is the same whether or not you tell us).
        </li>
        <li>To answer the messages you send us (our legitimate interest in answering you).</li>
        <li>To keep members safe, prevent fraud and enforce our terms (our legitimate interests and legal duties).</li>
        <li>To understand and improve the service with aggregated analytics (our legitimate interests or consent).</li>
        <li>To meet legal obligations such as tax and accounting rules.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell your personal data. Other members see only what you put on your profile. We share data with
          carefully chosen providers who host our systems, send our e-mails, process payments and help with moderation,
          under contracts that let them use it only on our instructions. We disclose data to authorities only when the
          law requires it or to protect someone's safety.
        </p>
        <p>
          Our app's own servers learn what they need to let you in: when you confirm, are invited or are admitted, a
          signed message tells them your entry's number (and, once you are invited, your e-mail address, so the app
          knows you when you sign in); when your entry is erased, they are told to forget it too. These messages never
          carry who you are or whom you hope to meet.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data: for as long as your account is open, then deleted within 30 days of closing it.</li>
        <li>
          Waitlist data: until the app launches and you create an account, or until you unsubscribe. Unsubscribing
          erases your place in line, your referral code and the friends credited to you with your entry; only a coded
          fingerprint of your address stays, so that we never e-mail it again. The links in our old e-mails then only
          say that the entry was removed, for a year.
        </li>
        <li>
          Who you are and whom you hope to meet: until you are invited (its only use is choosing who is invited), you
          withdraw it, you unsubscribe or your entry is erased, whichever comes first; then deleted at once.
        </li>
        <li>
          Messages you send us through the contact form: 180 days after they arrive, whether or not we have answered,
          then deleted.
        </li>
        <li>Analytics data: 26 months, after which it is deleted or fully anonymised.</li>
        <li>Cookies: persistent cookies last up to 2 years; see the Cookie Policy for each one.</li>
        <li>Records we must keep by law (such as invoices): as long as the law requires.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you can ask to access, correct, delete or export your data, object to or restrict
        how we use it, and withdraw your consent at any time (for e-mails, with the unsubscribe link in each one). Write
        to <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>; we answer within one month.
        You may also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        We encrypt data in transit, store who you are and whom you hope to meet only encrypted (AES-256-GCM), store
        passwords and confirmation tokens only in hashed form, limit staff access to what each role needs and log that
        access. No system is perfectly secure, but we will tell you and the authorities promptly if a breach puts your
        data at risk.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Our team works in eight countries and some providers are outside your own. When data leaves your region, we use
        safeguards the law recognises, such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell you by e-mail or in the app before the change
        applies. The date at the top always shows the current version.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Privacy Policy',
  updated: { year: 2026, month: 11 },
  intro: (
    <p>
      Your privacy matters to us as much as your love life does. This policy explains, in plain words, what we collect,
      why, how long we keep it and what you can do about it.
    </p>
  ),
  sections,
};
