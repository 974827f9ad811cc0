import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { formatUsd } from '../../../lib/i18n/intl-format.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.de.js';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Zustimmung zu diesen Bedingungen',
    body: (
      <p>
        Diese Bedingungen sind ein Vertrag zwischen dir und der Meet Match Date Marry, Inc. Indem du dich auf die
        Warteliste setzt, ein Konto erstellst oder den Dienst nutzt, akzeptierst du sie zusammen mit unserer{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'de')}>Datenschutzerklärung</Link> und unserer{' '}
        <Link to={localizedPath(paths.cookiePolicy, 'de')}>Cookie-Richtlinie</Link>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Wer den Dienst nutzen darf',
    body: (
      <p>
        Du musst mindestens 18 Jahre alt und rechtlich in der Lage sein, diesen Vertrag zu schließen. Du darfst nur ein
        Konto haben und den Dienst nicht nutzen, wenn du schon einmal davon ausgeschlossen wurdest oder es dir
        gesetzlich untersagt ist.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Dein Konto',
    body: (
      <p>
        Bewahre deine Zugangsdaten sicher auf und sag uns sofort Bescheid, wenn du glaubst, dass jemand anderes dein
        Konto benutzt hat. Die Angaben in deinem Profil müssen wahr sein und dich betreffen. Du bist für alles
        verantwortlich, was über dein Konto geschieht.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Wie wir miteinander umgehen',
    body: (
      <>
        <p>Damit die Community sicher und freundlich bleibt, verpflichtest du dich, Folgendes zu unterlassen:</p>
        <ul>
          <li>andere zu belästigen, zu bedrohen, zu täuschen oder zu diskriminieren;</li>
          <li>Nacktheit, Gewalt, Hassrede oder sonstige rechtswidrige Inhalte zu posten;</li>
          <li>
            dich als jemand anderes auszugeben, eine falsche Identität zu nutzen oder Mitglieder um Geld zu bitten;
          </li>
          <li>
            Werbung zu machen, Spam zu versenden, Daten des Dienstes automatisiert auszulesen oder Bots einzusetzen.
          </li>
        </ul>
        <p>Wir können Inhalte entfernen und Konten sperren oder schließen, die gegen diese Regeln verstoßen.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Deine Inhalte',
    body: (
      <p>
        Die Fotos und Texte, die du postest, gehören dir. Du räumst uns eine Lizenz ein, sie zu hosten, anzuzeigen und
        anzupassen, soweit es für den Betrieb des Dienstes nötig ist. Diese Lizenz endet, wenn du sie oder dein Konto
        löschst, außer soweit andere sie bereits in Nachrichten erhalten haben.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Kostenlose und Premium-Tarife',
    body: (
      <p>
        Der Basisdienst ist kostenlos. Premium-Abos ab {formatUsd('de', 9.99)} pro Monat bieten zusätzliche Funktionen.
        Die Preise werden dir vor dem Kauf in der App angezeigt und können je nach Land und Store unterschiedlich sein.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Abrechnung und automatische Verlängerung',
    body: (
      <p>
        Abos werden je nach gewähltem Tarif monatlich, vierteljährlich oder jährlich abgerechnet und verlängern sich
        automatisch um denselben Zeitraum zum dann gültigen Preis, sofern du nicht vor dem Verlängerungsdatum kündigst.
        Du bezahlst über den App-Store oder den Zahlungsdienstleister, über den du gekauft hast.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Kündigung',
    body: (
      <p>
        Du kannst jederzeit in den Einstellungen deines Stores oder deines Kontos kündigen. Dein Premium-Zugang bleibt
        bis zum Ende des bereits bezahlten Zeitraums bestehen; danach wechselt dein Konto in den kostenlosen Tarif, und
        du behältst dein Profil und deine Matches.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Erstattungen und Abrechnungsfehler',
    body: (
      <p>
        Käufe werden nicht erstattet, außer wenn das Gesetz eine Erstattung vorschreibt. Wenn du glaubst, dass dir etwas
        irrtümlich berechnet wurde, wende dich innerhalb von 14 Tagen nach der Abbuchung an unseren Support unter{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>, und wir sehen uns das an.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Sicherheit und persönliche Treffen',
    body: (
      <p>
        Wir bieten Sicherheitsfunktionen, führen aber keine Überprüfung des Strafregisters unserer Mitglieder durch und
        können das Verhalten anderer nicht garantieren. Sei vorsichtig, wenn du jemanden triffst: Trefft euch an einem
        öffentlichen Ort, sag einer Freundin oder einem Freund Bescheid und melde alles, was dir Sorgen macht.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Haftungsausschlüsse und Haftung',
    body: (
      <p>
        Der Dienst wird „wie besehen“ bereitgestellt. Soweit gesetzlich zulässig, haften wir nicht für indirekte Schäden
        oder Folgeschäden, und unsere Gesamthaftung ist auf den Betrag begrenzt, den du uns in den zwölf Monaten vor dem
        Anspruch gezahlt hast. Nichts in diesen Bedingungen schränkt die Rechte ein, die dir als Verbraucher gesetzlich
        zustehen.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Änderungen, Beendigung und anwendbares Recht',
    body: (
      <p>
        Wir können diese Bedingungen aktualisieren und informieren dich vorab über wesentliche Änderungen. Du kannst
        dein Konto jederzeit schließen. Für diese Bedingungen gilt das Recht des Bundesstaates Kalifornien, unbeschadet
        der zwingenden Verbraucherschutzvorschriften des Landes, in dem du lebst. Fragen? Schreib an{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Bedingungen für die Nutzung',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Bitte lies diese Bedingungen sorgfältig. Sie erklären die Regeln für die Nutzung von Meet Match Date Marry, was du
      von uns erwarten kannst und was wir von dir erwarten.
    </p>
  ),
  sections,
};
