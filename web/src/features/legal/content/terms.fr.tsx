import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { formatUsd } from '../../../lib/i18n/intl-format.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.fr.js';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Acceptation des présentes conditions',
    body: (
      <p>
        Les présentes conditions constituent un contrat entre vous et Meet Match Date Marry, Inc. En vous inscrivant sur
        la liste d’attente, en créant un compte ou en utilisant le service, vous les acceptez, ainsi que notre{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'fr')}>Politique de confidentialité</Link> et notre{' '}
        <Link to={localizedPath(paths.cookiePolicy, 'fr')}>Politique relative aux cookies</Link>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Qui peut utiliser le service',
    body: (
      <p>
        Vous devez avoir au moins 18 ans et être juridiquement capable de conclure le présent contrat. Vous ne pouvez
        avoir qu’un seul compte, et vous ne pouvez pas utiliser le service si vous en avez déjà été exclu ou si la loi
        vous l’interdit.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Votre compte',
    body: (
      <p>
        Protégez vos identifiants de connexion et prévenez-nous immédiatement si vous pensez qu’une autre personne a
        utilisé votre compte. Les informations de votre profil doivent être exactes et vous concerner. Vous êtes
        responsable de ce qui se passe sur votre compte.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Comment nous nous comportons les uns envers les autres',
    body: (
      <>
        <p>Afin que la communauté reste sûre et bienveillante, vous vous engagez à ne pas&nbsp;:</p>
        <ul>
          <li>harceler, menacer, tromper ou discriminer qui que ce soit&nbsp;;</li>
          <li>publier de la nudité, de la violence, des discours haineux ou tout contenu illégal&nbsp;;</li>
          <li>usurper l’identité d’autrui, utiliser une fausse identité ou demander de l’argent aux membres&nbsp;;</li>
          <li>faire de la publicité, envoyer du spam, extraire les données du service ou utiliser des robots.</li>
        </ul>
        <p>Nous pouvons retirer des contenus et suspendre ou fermer les comptes qui enfreignent ces règles.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Votre contenu',
    body: (
      <p>
        Les photos et les textes que vous publiez vous appartiennent. Vous nous accordez une licence pour les héberger,
        les afficher et les adapter dans la mesure nécessaire au fonctionnement du service&nbsp;; cette licence prend
        fin lorsque vous les supprimez ou supprimez votre compte, sauf pour ce que d’autres personnes ont déjà reçu dans
        des messages.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Formules gratuite et premium',
    body: (
      <p>
        Le service de base est gratuit. Les abonnements premium, à partir de {formatUsd('fr', 9.99)} par mois, ajoutent
        des fonctionnalités supplémentaires. Les prix sont affichés dans l’application avant l’achat et peuvent varier
        selon le pays et la boutique.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Facturation et renouvellement automatique',
    body: (
      <p>
        Les abonnements sont facturés mensuellement, trimestriellement ou annuellement, selon la formule que vous
        choisissez, et sont renouvelés automatiquement pour la même durée au prix alors en vigueur, sauf si vous les
        résiliez avant la date de renouvellement. Vous payez via la boutique d’applications ou le prestataire de
        paiement utilisé lors de l’achat.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Résiliation',
    body: (
      <p>
        Vous pouvez résilier à tout moment dans les paramètres de votre boutique ou de votre compte. Votre accès premium
        se poursuit jusqu’à la fin de la période déjà payée&nbsp;; votre compte passe ensuite à la formule gratuite, et
        vous conservez votre profil et vos matchs.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Remboursements et erreurs de facturation',
    body: (
      <p>
        Les achats ne sont pas remboursables, sauf lorsque la loi impose un remboursement. Si vous pensez avoir été
        débité par erreur, contactez l’assistance à l’adresse{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a> dans les 14 jours suivant le
        prélèvement, et nous examinerons votre demande.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Sécurité et rencontres en personne',
    body: (
      <p>
        Nous proposons des outils de sécurité, mais nous ne vérifions pas les antécédents judiciaires des membres et ne
        pouvons garantir le comportement de quiconque. Soyez prudent lorsque vous rencontrez quelqu’un&nbsp;:
        donnez-vous rendez-vous dans un lieu public, prévenez un proche et signalez tout ce qui vous inquiète.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Exclusions de garantie et responsabilité',
    body: (
      <p>
        Le service est fourni «&nbsp;en l’état&nbsp;». Dans la mesure permise par la loi, nous ne sommes pas
        responsables des dommages indirects ou consécutifs, et notre responsabilité totale est limitée au montant que
        vous nous avez versé au cours des douze mois précédant la réclamation. Aucune disposition des présentes
        conditions ne limite les droits dont vous disposez légalement en tant que consommateur.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Modifications, résiliation et droit applicable',
    body: (
      <p>
        Nous pouvons mettre à jour les présentes conditions et vous informerons de toute modification importante. Vous
        pouvez fermer votre compte à tout moment. Les présentes conditions sont régies par le droit de l’État de
        Californie, sans préjudice des dispositions impératives de protection des consommateurs du pays dans lequel vous
        résidez. Des questions&nbsp;? Écrivez à{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Conditions générales',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Veuillez lire attentivement les présentes conditions. Elles expliquent les règles d’utilisation de Meet Match Date
      Marry, ce que vous pouvez attendre de nous et ce que nous attendons de vous.
    </p>
  ),
  sections,
};
