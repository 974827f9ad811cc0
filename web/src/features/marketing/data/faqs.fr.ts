import { formatMiles, formatUsd } from '../../../lib/i18n/intl-format.js';
import type { Faq } from './faqs.js';

export const faqs: readonly Faq[] = [
  {
    question: 'Qu’est-ce que Meet Match Date Marry\u00a0?',
    answer:
      'Meet Match Date Marry est une application de rencontres et d’amitié pour celles et ceux qui veulent plus qu’un défilement sans fin. Nous vous mettons en relation selon vos centres d’intérêt, vos valeurs et vos objectifs relationnels, pour que vous puissiez avoir des conversations sincères et tisser des liens qui comptent, que vous cherchiez un rendez-vous, l’âme sœur ou une amitié.',
  },
  {
    question: 'Comment fonctionne la mise en relation\u00a0?',
    answer:
      'Lorsque vous créez votre profil, vous nous parlez de vos centres d’intérêt, de vos valeurs et du type de relation que vous souhaitez. Notre algorithme de mise en relation tient compte de tous ces éléments, apprend des profils que vous aimez et de ceux que vous passez, et vous suggère des personnes avec qui vous avez de bonnes chances de vous entendre.',
  },
  {
    question: 'Meet Match Date Marry est-il gratuit\u00a0?',
    answer: `Oui. Créer un profil, matcher et discuter sont gratuits. L’offre Premium, à partir de ${formatUsd('fr', 9.99)} par mois, ajoute des avantages comme voir qui vous a aimé, des «\u00a0j’aime\u00a0» illimités et des filtres avancés. Vous pouvez résilier à tout moment et conservez Premium jusqu’à la fin de la période déjà payée.`,
  },
  {
    question: 'À quelle distance mes matchs peuvent-ils se trouver\u00a0?',
    answer: `C’est vous qui choisissez. Réglez votre préférence de distance entre ${formatMiles('fr', 1)} et ${formatMiles('fr', 100)}, et modifiez-la quand vous le souhaitez, par exemple lorsque vous voyagez ou déménagez.`,
  },
  {
    question: 'Combien de temps faut-il pour créer un compte\u00a0?',
    answer:
      'Moins de 5 minutes. Ajoutez quelques photos, choisissez vos centres d’intérêt et indiquez ce que vous recherchez\u00a0: vous êtes prêt à découvrir vos premiers matchs.',
  },
  {
    question: 'Comment assurez-vous la sécurité des membres\u00a0?',
    answer:
      'Tous les membres doivent avoir 18 ans ou plus. Nous proposons la vérification des profils, vous permettons de bloquer et de signaler n’importe qui d’un simple geste, et notre équipe de modération examine les signalements 24 heures sur 24. Nous ne vendons jamais vos données personnelles.',
  },
];
