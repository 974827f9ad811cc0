import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.fr.js';

const yourData = localizedPath(paths.yourData, 'fr');

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Qui sommes-nous',
    body: (
      <p>
        Meet Match Date Marry, Inc. («&nbsp;nous&nbsp;») exploite le site web et les applications Meet Match Date Marry
        et est responsable des données personnelles décrites dans la présente politique. Vous pouvez joindre notre
        équipe chargée de la confidentialité à l’adresse{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a> ou par courrier postal à{' '}
        {site.contact.address.join(', ')}.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Notre service est réservé aux adultes',
    body: (
      <p>
        Meet Match Date Marry est réservé aux personnes âgées de 18 ans ou plus. Nous ne collectons pas sciemment de
        données concernant des personnes de moins de 18 ans. Si nous apprenons qu’un compte appartient à une personne de
        moins de 18 ans, nous le fermons et supprimons ses données.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Les données que nous collectons',
    body: (
      <>
        <p>Nous ne collectons que ce dont nous avons besoin pour bien faire fonctionner le service&nbsp;:</p>
        <ul>
          <li>
            <strong>Inscriptions sur la liste d’attente&nbsp;:</strong> votre adresse e-mail, le code de parrainage que
            vous avez saisi (le cas échéant) et la date à laquelle vous vous êtes inscrit, avez confirmé votre
            inscription ou vous êtes désinscrit (ainsi que la date à laquelle nous vous avons renvoyé pour la dernière
            fois le lien vers votre place)&nbsp;; votre place dans la file, la ville que vous avez choisie, la langue de
            vos e-mails et vos crédits de parrainage&nbsp;; une fois admis, vos invitations pour vos amis et
            l’utilisation ou non de chacune (jamais par qui), et, si vous nous avez rejoints avec l’invitation d’un ami,
            le fait que vous en avez utilisé une (jamais celle de qui)&nbsp;; et ce qui a été décidé au sujet de votre
            inscription&nbsp;: si nos contrôles l’ont retenue pour examen et pourquoi, si un crédit a été retenu ou
            refusé et pourquoi, la décision de notre équipe et la vague d’invitations par laquelle vous avez été invité.
            La page <Link to={yourData}>Vos données</Link> affiche l’ensemble de ces informations et permet de les
            télécharger.
          </li>
          <li>
            <strong>
              Qui vous êtes et qui vous espérez rencontrer (facultatif, uniquement avec votre consentement)&nbsp;:
            </strong>{' '}
            sur la page de votre place, jamais dans le formulaire d’inscription, vous pouvez nous indiquer si vous êtes
            une femme, un homme ou une personne non binaire et si vous espérez rencontrer des femmes, des hommes ou tout
            le monde. Cette information peut révéler votre orientation sexuelle, que la loi considère comme une
            catégorie particulière de données&nbsp;: c’est pourquoi nous vous demandons votre consentement explicite, ne
            l’utilisons qu’à une seule fin (équilibrer les personnes invitées ensemble, afin que les premières personnes
            admises puissent trouver quelqu’un) et la conservons chiffrée avec une clé qui lui est propre. Personne chez
            Meet Match Date Marry ne la voit personne par personne&nbsp;: notre équipe voit uniquement combien de
            personnes de chaque groupe une vague inviterait. Elle ne figure jamais dans nos journaux, dans les exports
            de notre équipe ni dans quoi que ce soit que nous transmettons à d’autres systèmes. Vous seul la voyez, sur
            la page de votre place et sur la page <Link to={yourData}>Vos données</Link>.
          </li>
          <li>
            <strong>Les messages que vous nous envoyez&nbsp;:</strong> lorsque vous nous écrivez au moyen du formulaire
            de contact, votre nom, votre adresse e-mail, votre message et sa date de réception. Il est également
            transmis à la boîte de réception de notre équipe d’assistance.
          </li>
          <li>
            <strong>Données du compte et du profil&nbsp;:</strong> votre nom, votre date de naissance, vos photos, vos
            centres d’intérêt, vos valeurs, ce que vous recherchez, votre préférence de distance et tout ce que vous
            choisissez d’ajouter à votre profil.
          </li>
          <li>
            <strong>Messages et activité&nbsp;:</strong> vos «&nbsp;j’aime&nbsp;», vos matchs et les messages que vous
            échangez, afin de pouvoir les acheminer et de préserver la sécurité de la communauté.
          </li>
          <li>
            <strong>Données relatives à l’appareil et à l’utilisation&nbsp;:</strong> adresse IP, type d’appareil,
            version de l’application et manière dont vous utilisez le service, collectées au moyen de cookies et de
            technologies similaires (voir notre{' '}
            <Link to={localizedPath(paths.cookiePolicy, 'fr')}>Politique relative aux cookies</Link>
            ).
          </li>
          <li>
            <strong>Données de paiement&nbsp;:</strong> si vous achetez un abonnement, la boutique d’applications ou
            notre prestataire de paiement traite les données de votre carte&nbsp;; nous ne recevons qu’une confirmation
            et le statut de l’abonnement.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'Comment nous utilisons vos données et sur quelle base',
    body: (
      <ul>
        <li>Pour fournir le service et vous suggérer des matchs (exécution de notre contrat avec vous).</li>
        <li>
          Pour vous envoyer les e-mails que vous avez demandés, comme la confirmation d’inscription sur la liste
          d’attente et les nouvelles du lancement (votre consentement).
        </li>
        <li>
          Lorsqu’un ami qui s’est inscrit avec votre lien de parrainage confirme son adresse, pour vous informer que
          vous avez gagné des places et de votre nouvelle place dans la file&nbsp;: au maximum un e-mail de ce type par
          heure, et jamais à une adresse qui s’est désinscrite (votre consentement, donné lors de votre inscription sur
          la liste d’attente). Votre ami n’est pas nommé.
        </li>
        <li>
          Si une adresse déjà confirmée est utilisée pour s’inscrire à nouveau, pour envoyer à cette adresse le lien
          vers sa place dans la file (au maximum une fois toutes les 10 minutes), afin que la personne qui l’a perdu le
          retrouve&nbsp;; la page d’inscription elle-même n’indique jamais si une adresse figure sur la liste.
        </li>
        <li>
          Si vous nous indiquez qui vous êtes et qui vous espérez rencontrer, pour équilibrer les personnes invitées
          ensemble dans une vague (votre consentement explicite, que vous pouvez retirer à tout moment sur la page de
          votre place, ce qui supprime immédiatement cette information&nbsp;; votre place dans la file est la même, que
          vous nous la donniez ou non).
        </li>
        <li>Pour répondre aux messages que vous nous envoyez (notre intérêt légitime à vous répondre).</li>
        <li>
          Pour assurer la sécurité des membres, prévenir la fraude et faire respecter nos conditions (nos intérêts
          légitimes et nos obligations légales).
        </li>
        <li>
          Pour comprendre et améliorer le service grâce à des statistiques agrégées (nos intérêts légitimes ou votre
          consentement).
        </li>
        <li>Pour respecter nos obligations légales, telles que les règles fiscales et comptables.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Avec qui nous les partageons',
    body: (
      <>
        <p>
          Nous ne vendons jamais vos données personnelles. Les autres membres ne voient que ce que vous publiez sur
          votre profil. Nous partageons des données avec des prestataires soigneusement sélectionnés qui hébergent nos
          systèmes, envoient nos e-mails, traitent les paiements et nous aident à modérer le service, dans le cadre de
          contrats qui ne les autorisent à les utiliser que selon nos instructions. Nous ne communiquons des données aux
          autorités que lorsque la loi l’exige ou pour protéger la sécurité d’une personne.
        </p>
        <p>
          Les serveurs de notre propre application reçoivent ce dont ils ont besoin pour vous donner accès&nbsp;:
          lorsque vous confirmez votre inscription, êtes invité ou êtes admis, un message signé leur communique le
          numéro de votre inscription (et, une fois que vous êtes invité, votre adresse e-mail, afin que l’application
          vous reconnaisse lorsque vous vous connectez)&nbsp;; lorsque votre inscription est effacée, il leur est
          demandé de l’oublier également. Ces messages ne contiennent jamais qui vous êtes ni qui vous espérez
          rencontrer.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Combien de temps nous les conservons',
    body: (
      <ul>
        <li>
          Données du compte&nbsp;: tant que votre compte est ouvert, puis supprimées dans les 30 jours suivant sa
          fermeture.
        </li>
        <li>
          Données de la liste d’attente&nbsp;: jusqu’au lancement de l’application et à la création de votre compte, ou
          jusqu’à votre désinscription. La désinscription efface, avec votre inscription, votre place dans la file,
          votre code de parrainage et les filleuls qui vous ont été crédités&nbsp;; seule subsiste une empreinte codée
          de votre adresse, afin que nous ne lui écrivions plus jamais. Les liens de nos anciens e-mails indiquent
          ensuite seulement, pendant un an, que l’inscription a été supprimée.
        </li>
        <li>
          Qui vous êtes et qui vous espérez rencontrer&nbsp;: jusqu’à ce que vous soyez invité (sa seule utilité est de
          choisir qui est invité), que vous retiriez cette information, que vous vous désinscriviez ou que votre
          inscription soit effacée, selon ce qui survient en premier&nbsp;; elle est alors supprimée immédiatement.
        </li>
        <li>
          Messages que vous nous envoyez au moyen du formulaire de contact&nbsp;: 180 jours après leur réception, que
          nous y ayons répondu ou non, puis supprimés.
        </li>
        <li>Données statistiques&nbsp;: 26 mois, après quoi elles sont supprimées ou entièrement anonymisées.</li>
        <li>
          Cookies&nbsp;: les cookies persistants durent au maximum 2 ans&nbsp;; consultez la Politique relative aux
          cookies pour chacun d’eux.
        </li>
        <li>
          Documents que la loi nous oblige à conserver (comme les factures)&nbsp;: aussi longtemps que la loi l’exige.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Vos droits',
    body: (
      <p>
        Selon votre lieu de résidence, vous pouvez demander l’accès à vos données, leur rectification, leur effacement
        ou leur portabilité, vous opposer à leur utilisation ou en demander la limitation, et retirer votre consentement
        à tout moment (pour les e-mails, au moyen du lien de désinscription figurant dans chacun d’eux). Écrivez à{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>&nbsp;; nous répondons dans un
        délai d’un mois. Vous pouvez également introduire une réclamation auprès de l’autorité de protection des données
        de votre pays.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Comment nous les protégeons',
    body: (
      <p>
        Nous chiffrons les données en transit, ne conservons qui vous êtes et qui vous espérez rencontrer que sous forme
        chiffrée (AES-256-GCM), ne conservons les mots de passe et les jetons de confirmation que sous forme hachée,
        limitons l’accès de notre équipe à ce dont chaque fonction a besoin et journalisons cet accès. Aucun système
        n’est parfaitement sûr, mais nous vous informerons, ainsi que les autorités, dans les meilleurs délais si une
        violation met vos données en danger.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Transferts internationaux',
    body: (
      <p>
        Notre équipe travaille dans huit pays et certains prestataires sont situés hors de votre pays. Lorsque des
        données quittent votre région, nous recourons aux garanties reconnues par la loi, telles que les clauses
        contractuelles types.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Modifications de la présente politique',
    body: (
      <p>
        Si nous modifions la présente politique de manière significative, nous vous en informerons par e-mail ou dans
        l’application avant que la modification ne s’applique. La date indiquée en haut de la page correspond toujours à
        la version en vigueur.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Politique de confidentialité',
  updated: { year: 2026, month: 11 },
  intro: (
    <p>
      Votre vie privée compte autant pour nous que votre vie amoureuse. La présente politique explique, en termes
      simples, ce que nous collectons, pourquoi, combien de temps nous le conservons et ce que vous pouvez faire à ce
      sujet.
    </p>
  ),
  sections,
};
