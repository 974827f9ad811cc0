import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.fr.js';

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'Ce que sont les cookies',
    body: (
      <p>
        Les cookies sont de petits fichiers texte qu’un site web enregistre sur votre appareil. Les technologies
        similaires, comme le stockage local de votre navigateur ou les identifiants de nos applications, fonctionnent de
        la même manière&nbsp;; la présente politique les désigne toutes sous le terme de «&nbsp;cookies&nbsp;».
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'Les cookies que nous utilisons',
    body: (
      <ul>
        <li>
          <strong>Strictement nécessaires&nbsp;:</strong> ils vous maintiennent connecté, mémorisent vos choix et
          protègent le service contre les abus. Sans eux, le site ne fonctionne pas correctement.
        </li>
        <li>
          <strong>Préférences&nbsp;:</strong> ils mémorisent des paramètres tels que votre langue.
        </li>
        <li>
          <strong>Mesure d’audience&nbsp;:</strong> ils nous indiquent, de manière agrégée, quelles pages sont
          consultées et où les visiteurs rencontrent des difficultés, afin que nous puissions améliorer le service. Nous
          ne les utilisons qu’avec votre consentement lorsque la loi l’exige.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-long',
    title: 'Leur durée de conservation',
    body: (
      <p>
        Les cookies de session disparaissent lorsque vous fermez votre navigateur. Les cookies persistants restent sur
        votre appareil pendant une durée déterminée, jamais plus de 2 ans, sauf si vous les supprimez avant. Les données
        de mesure d’audience recueillies au moyen de cookies sont conservées 26 mois, puis supprimées ou anonymisées.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Tiers',
    body: (
      <p>
        Nous n’utilisons pas de cookies publicitaires et ne laissons pas les annonceurs vous suivre sur notre site. Tout
        ce qui figure sur ce site, y compris les polices de caractères et les images, est servi depuis nos propres
        serveurs.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Vos choix',
    body: (
      <p>
        Vous pouvez accepter ou refuser les cookies non essentiels, et changer d’avis à tout moment. Votre navigateur
        vous permet également de bloquer ou de supprimer les cookies&nbsp;; si vous bloquez les cookies strictement
        nécessaires, certaines parties du service cesseront de fonctionner.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'Modifications et contact',
    body: (
      <p>
        Nous mettons à jour la présente politique lorsque notre utilisation des cookies évolue. Pour en savoir plus sur
        la manière dont nous traitons les données personnelles, consultez notre{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'fr')}>Politique de confidentialité</Link> ou écrivez à{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Politique relative aux cookies',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      La présente politique explique quels cookies Meet Match Date Marry utilise, pourquoi, pendant combien de temps et
      comment vous pouvez les contrôler.
    </p>
  ),
  sections,
};
