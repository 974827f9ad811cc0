import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.de.js';

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'Was Cookies sind',
    body: (
      <p>
        Cookies sind kleine Textdateien, die eine Website auf deinem Gerät speichert. Ähnliche Technologien wie der
        lokale Speicher deines Browsers oder Kennungen in unseren Apps funktionieren genauso; diese Richtlinie fasst sie
        alle unter dem Begriff „Cookies“ zusammen.
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'Welche Cookies wir verwenden',
    body: (
      <ul>
        <li>
          <strong>Unbedingt erforderlich:</strong> halten dich angemeldet, merken sich deine Auswahl und schützen den
          Dienst vor Missbrauch. Ohne sie funktioniert die Website nicht richtig.
        </li>
        <li>
          <strong>Präferenzen:</strong> merken sich Einstellungen wie deine Sprache.
        </li>
        <li>
          <strong>Analyse:</strong> zeigen uns in zusammengefasster Form, welche Seiten besucht werden und wo Menschen
          nicht weiterkommen, damit wir den Dienst verbessern können. Wir setzen sie nur mit deiner Einwilligung ein, wo
          das Gesetz es verlangt.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-long',
    title: 'Wie lange sie bestehen',
    body: (
      <p>
        Sitzungscookies verschwinden, wenn du deinen Browser schließt. Dauerhafte Cookies bleiben für eine festgelegte
        Zeit auf deinem Gerät, nie länger als 2 Jahre, sofern du sie nicht vorher löschst. Über Cookies erhobene
        Analysedaten werden 26 Monate lang gespeichert und dann gelöscht oder anonymisiert.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Dritte',
    body: (
      <p>
        Wir verwenden keine Werbe-Cookies und lassen nicht zu, dass Werbetreibende dich auf unserer Website verfolgen.
        Alles auf dieser Website, einschließlich Schriften und Bildern, wird von unseren eigenen Servern ausgeliefert.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Deine Wahlmöglichkeiten',
    body: (
      <p>
        Du kannst nicht notwendige Cookies akzeptieren oder ablehnen und deine Entscheidung jederzeit ändern. Auch dein
        Browser lässt dich Cookies blockieren oder löschen; wenn du unbedingt erforderliche Cookies blockierst,
        funktionieren Teile des Dienstes nicht mehr.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'Änderungen und Kontakt',
    body: (
      <p>
        Wir aktualisieren diese Richtlinie, wenn sich unsere Verwendung von Cookies ändert. Mehr darüber, wie wir mit
        personenbezogenen Daten umgehen, erfährst du in unserer{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'de')}>Datenschutzerklärung</Link>, oder schreib an{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Cookie-Richtlinie',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Diese Richtlinie erklärt, welche Cookies Meet Match Date Marry verwendet, warum, wie lange und wie du sie steuern
      kannst.
    </p>
  ),
  sections,
};
