import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.de.js';

const yourData = localizedPath(paths.yourData, 'de');

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Wer wir sind',
    body: (
      <p>
        Die Meet Match Date Marry, Inc. („wir“, „uns“) betreibt die Website und die Apps von Meet Match Date Marry und
        ist für die in dieser Datenschutzerklärung beschriebenen personenbezogenen Daten verantwortlich. Unser
        Datenschutzteam erreichst du unter{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a> oder per Post unter{' '}
        {site.contact.address.join(', ')}.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Unser Dienst ist nur für Erwachsene',
    body: (
      <p>
        Meet Match Date Marry ist nur für Personen ab 18 Jahren. Wir erheben nicht wissentlich Daten über Personen unter
        18 Jahren. Erfahren wir, dass ein Konto einer Person unter 18 Jahren gehört, schließen wir es und löschen seine
        Daten.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Welche Daten wir erheben',
    body: (
      <>
        <p>Wir erheben nur, was wir brauchen, um den Dienst gut zu betreiben:</p>
        <ul>
          <li>
            <strong>Anmeldungen zur Warteliste:</strong> deine E-Mail-Adresse, den Empfehlungscode, den du eingegeben
            hast (falls vorhanden), und wann du dich angemeldet, deine Anmeldung bestätigt oder dich abgemeldet hast
            (und wann wir dir zuletzt den Link zu deinem Platz erneut geschickt haben); deinen Platz in der Warteliste,
            die von dir gewählte Stadt, die Sprache deiner E-Mails und deine Empfehlungsgutschriften; sobald du
            zugelassen bist, deine Einladungen für Freundinnen und Freunde und ob jede davon genutzt wurde (aber nie,
            von wem), und falls du mit der Einladung einer anderen Person beigetreten bist, dass du eine genutzt hast
            (aber nie, wessen); und was über deine Anmeldung entschieden wurde: ob unsere Prüfungen sie zur Überprüfung
            zurückgehalten haben und warum, ob eine Gutschrift zurückgehalten oder abgelehnt wurde und warum, die
            Entscheidung unseres Teams und die Einladungswelle, mit der du eingeladen wurdest. Die Seite{' '}
            <Link to={yourData}>Deine Daten</Link> zeigt dir all das und lässt dich alles herunterladen.
          </li>
          <li>
            <strong>Wer du bist und wen du kennenlernen möchtest (freiwillig, nur mit deiner Einwilligung):</strong> auf
            der Seite deines Platzes, nie im Anmeldeformular, kannst du uns sagen, ob du eine Frau, ein Mann oder
            nicht-binär bist und ob du Frauen, Männer oder alle kennenlernen möchtest. Das kann deine sexuelle
            Orientierung offenbaren, die das Gesetz als besondere Kategorie personenbezogener Daten behandelt. Deshalb
            bitten wir dich um deine ausdrückliche Einwilligung, nutzen diese Angaben nur für einen einzigen Zweck (um
            auszugleichen, wer gemeinsam eingeladen wird, damit die ersten Zugelassenen jemanden finden können) und
            speichern sie verschlüsselt mit einem eigenen Schlüssel. Niemand bei Meet Match Date Marry sieht sie für
            einzelne Personen: Unser Team sieht nur, wie viele Personen jeder Gruppe eine Welle einladen würde. Sie
            stehen nie in unseren Protokollen, in Exporten unseres Teams oder in irgendetwas, das wir an andere Systeme
            senden. Nur du siehst sie, auf der Seite deines Platzes und auf der Seite{' '}
            <Link to={yourData}>Deine Daten</Link>.
          </li>
          <li>
            <strong>Nachrichten, die du uns schickst:</strong> wenn du uns über das Kontaktformular schreibst, deinen
            Namen, deine E-Mail-Adresse, deine Nachricht und wann sie eingegangen ist. Sie geht außerdem an das Postfach
            unseres Support-Teams.
          </li>
          <li>
            <strong>Konto- und Profildaten:</strong> deinen Namen, dein Geburtsdatum, deine Fotos, Interessen und Werte,
            wonach du suchst, deine bevorzugte Entfernung und alles andere, was du deinem Profil hinzufügst.
          </li>
          <li>
            <strong>Nachrichten und Aktivität:</strong> deine Likes, Matches und die Nachrichten, die du austauschst,
            damit wir sie zustellen und die Community schützen können.
          </li>
          <li>
            <strong>Geräte- und Nutzungsdaten:</strong> IP-Adresse, Gerätetyp, App-Version und wie du den Dienst nutzt,
            erhoben über Cookies und ähnliche Technologien (siehe unsere{' '}
            <Link to={localizedPath(paths.cookiePolicy, 'de')}>Cookie-Richtlinie</Link>).
          </li>
          <li>
            <strong>Zahlungsdaten:</strong> Wenn du ein Abo kaufst, verarbeitet der App-Store oder unser
            Zahlungsdienstleister deine Kartendaten; wir erhalten nur eine Bestätigung und den Status des Abos.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'Wie wir deine Daten nutzen und auf welcher Rechtsgrundlage',
    body: (
      <ul>
        <li>Um den Dienst bereitzustellen und Matches vorzuschlagen (Erfüllung unseres Vertrags mit dir).</li>
        <li>
          Um dir die E-Mails zu schicken, die du angefordert hast, etwa die Bestätigung der Warteliste und Neuigkeiten
          zum Start (deine Einwilligung).
        </li>
        <li>
          Wenn jemand, der über deinen Empfehlungslink beigetreten ist, seine Adresse bestätigt, um dir mitzuteilen,
          dass du aufgerückt bist, und deinen neuen Platz in der Warteliste: höchstens eine solche E-Mail pro Stunde und
          nie an eine Adresse, die sich abgemeldet hat (deine Einwilligung, die du bei der Anmeldung zur Warteliste
          erteilt hast). Die Person, die du geworben hast, wird nicht genannt.
        </li>
        <li>
          Wenn eine bereits bestätigte Adresse erneut zur Anmeldung verwendet wird, um dieser Adresse den Link zu ihrem
          Platz in der Warteliste zu schicken (höchstens einmal alle 10 Minuten), damit jemand, der ihn verloren hat,
          ihn zurückbekommt; die Anmeldeseite selbst verrät nie, ob eine Adresse auf der Liste steht.
        </li>
        <li>
          Wenn du uns sagst, wer du bist und wen du kennenlernen möchtest, um auszugleichen, wer in einer Welle
          gemeinsam eingeladen wird (deine ausdrückliche Einwilligung, die du jederzeit auf der Seite deines Platzes
          widerrufen kannst: Dann werden die Angaben sofort gelöscht; dein Platz in der Warteliste ist derselbe, ob du
          sie uns mitteilst oder nicht).
        </li>
        <li>
          Um die Nachrichten zu beantworten, die du uns schickst (unser berechtigtes Interesse, dir zu antworten).
        </li>
        <li>
          Um Mitglieder zu schützen, Betrug zu verhindern und unsere Bedingungen durchzusetzen (unsere berechtigten
          Interessen und gesetzlichen Pflichten).
        </li>
        <li>
          Um den Dienst mit zusammengefassten Statistiken zu verstehen und zu verbessern (unsere berechtigten Interessen
          oder deine Einwilligung).
        </li>
        <li>Um gesetzliche Pflichten zu erfüllen, etwa steuer- und handelsrechtliche Vorschriften.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'An wen wir sie weitergeben',
    body: (
      <>
        <p>
          Wir verkaufen deine personenbezogenen Daten niemals. Andere Mitglieder sehen nur, was du in dein Profil
          stellst. Wir geben Daten an sorgfältig ausgewählte Dienstleister weiter, die unsere Systeme hosten, unsere
          E-Mails versenden, Zahlungen abwickeln und bei der Moderation helfen, und zwar auf Grundlage von Verträgen,
          die ihnen die Nutzung nur nach unseren Weisungen erlauben. Behörden legen wir Daten nur offen, wenn das Gesetz
          es verlangt oder um die Sicherheit einer Person zu schützen.
        </p>
        <p>
          Die Server unserer eigenen App erfahren, was sie brauchen, um dich hereinzulassen: Wenn du deine Anmeldung
          bestätigst, eingeladen oder zugelassen wirst, teilt ihnen eine signierte Nachricht die Nummer deines Eintrags
          mit (und, sobald du eingeladen bist, deine E-Mail-Adresse, damit die App dich bei der Anmeldung erkennt); wird
          dein Eintrag gelöscht, werden sie angewiesen, ihn ebenfalls zu vergessen. Diese Nachrichten enthalten nie, wer
          du bist oder wen du kennenlernen möchtest.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Wie lange wir sie speichern',
    body: (
      <ul>
        <li>
          Kontodaten: solange dein Konto besteht; danach werden sie innerhalb von 30 Tagen nach der Schließung gelöscht.
        </li>
        <li>
          Daten der Warteliste: bis die App startet und du ein Konto erstellst oder bis du dich abmeldest. Mit der
          Abmeldung werden zusammen mit deinem Eintrag dein Platz in der Warteliste, dein Empfehlungscode und die dir
          gutgeschriebenen Empfehlungen gelöscht; nur ein codierter Fingerabdruck deiner Adresse bleibt, damit wir ihr
          nie wieder schreiben. Die Links in unseren früheren E-Mails zeigen danach ein Jahr lang nur noch an, dass der
          Eintrag entfernt wurde.
        </li>
        <li>
          Wer du bist und wen du kennenlernen möchtest: bis du eingeladen wirst (der einzige Zweck ist die Auswahl, wer
          eingeladen wird), du deine Einwilligung widerrufst, dich abmeldest oder dein Eintrag gelöscht wird, je
          nachdem, was zuerst eintritt; danach werden die Angaben sofort gelöscht.
        </li>
        <li>
          Nachrichten, die du uns über das Kontaktformular schickst: 180 Tage nach ihrem Eingang, unabhängig davon, ob
          wir geantwortet haben; danach werden sie gelöscht.
        </li>
        <li>Analysedaten: 26 Monate; danach werden sie gelöscht oder vollständig anonymisiert.</li>
        <li>
          Cookies: Dauerhafte Cookies bestehen höchstens 2 Jahre; Einzelheiten zu jedem Cookie findest du in der
          Cookie-Richtlinie.
        </li>
        <li>
          Aufzeichnungen, die wir gesetzlich aufbewahren müssen (etwa Rechnungen): so lange, wie das Gesetz es verlangt.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Deine Rechte',
    body: (
      <p>
        Je nachdem, wo du lebst, kannst du Auskunft über deine Daten, ihre Berichtigung, Löschung oder Übertragung
        verlangen, der Art, wie wir sie nutzen, widersprechen oder deren Einschränkung verlangen und deine Einwilligung
        jederzeit widerrufen (bei E-Mails über den Abmeldelink in jeder E-Mail). Schreib an{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>; wir antworten innerhalb eines
        Monats. Du kannst dich auch bei der für dich zuständigen Datenschutzaufsichtsbehörde beschweren.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Wie wir sie schützen',
    body: (
      <p>
        Wir verschlüsseln Daten bei der Übertragung, speichern, wer du bist und wen du kennenlernen möchtest, nur
        verschlüsselt (AES-256-GCM), speichern Passwörter und Bestätigungstokens nur als Hash, beschränken den Zugriff
        unseres Teams auf das, was die jeweilige Rolle braucht, und protokollieren diesen Zugriff. Kein System ist
        vollkommen sicher, aber wir informieren dich und die Behörden unverzüglich, wenn eine Datenpanne deine Daten
        gefährdet.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Internationale Datenübermittlungen',
    body: (
      <p>
        Unser Team arbeitet in acht Ländern, und einige Dienstleister sitzen außerhalb deines Landes. Wenn Daten deine
        Region verlassen, nutzen wir gesetzlich anerkannte Garantien wie Standardvertragsklauseln.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Änderungen dieser Datenschutzerklärung',
    body: (
      <p>
        Wenn wir diese Datenschutzerklärung wesentlich ändern, informieren wir dich per E-Mail oder in der App, bevor
        die Änderung gilt. Das Datum oben zeigt immer die aktuelle Fassung.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Datenschutz',
  updated: { year: 2026, month: 11 },
  intro: (
    <p>
      Deine Privatsphäre ist uns genauso wichtig wie dein Liebesleben. Diese Datenschutzerklärung erklärt in einfachen
      Worten, was wir erheben, warum, wie lange wir es speichern und was du selbst tun kannst.
    </p>
  ),
  sections,
};
