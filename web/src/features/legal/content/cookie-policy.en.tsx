import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.en.js';

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What cookies are',
    body: (
      <p>
        Cookies are small text files a website stores on your device. Similar technologies, such as local storage in
        your browser or identifiers in our apps, work the same way; this policy covers them all as "cookies".
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'The cookies we use',
    body: (
      <ul>
        <li>
          <strong>Strictly necessary:</strong> keep you signed in, remember your choices and protect the service from
          abuse. The site does not work properly without them.
        </li>
        <li>
          <strong>Preferences:</strong> remember settings such as your language.
        </li>
        <li>
          <strong>Analytics:</strong> tell us, in aggregate, which pages are visited and where people get stuck, so we
          can improve the service. We use them only with your consent where the law requires it.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-long',
    title: 'How long they last',
    body: (
      <p>
        Session cookies disappear when you close your browser. Persistent cookies stay on your device for a set time,
        never longer than 2 years, unless you delete them sooner. Analytics data gathered through cookies is kept for 26
        months and then deleted or anonymised.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: (
      <p>
        We do not use advertising cookies and we do not let advertisers track you on our site. Everything on this site,
        including fonts and images, is served from our own servers.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <p>
        You can accept or refuse non-essential cookies, and change your mind at any time. Your browser also lets you
        block or delete cookies; if you block strictly necessary ones, parts of the service will stop working.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'Changes and contact',
    body: (
      <p>
        We update this policy when our use of cookies changes. For more about how we handle personal data, see our{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link> or write to{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Cookie Policy',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>This policy explains which cookies Meet Match Date Marry uses, why, for how long, and how you control them.</p>
  ),
  sections,
};
