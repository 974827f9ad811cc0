import type { Step } from './how-it-works.js';

export const steps: readonly Step[] = [
  {
    title: 'Créez votre profil',
    description:
      'Ajoutez quelques photos, partagez vos centres d’intérêt et indiquez ce que vous recherchez, d’une nouvelle amitié à l’amour d’une vie. Cela prend moins de 5 minutes.',
    icon: 'userPlus',
  },
  {
    title: 'Recevez des suggestions pertinentes',
    description:
      'Notre mise en relation tient compte des centres d’intérêt, des valeurs et des objectifs relationnels, pas seulement de l’apparence, et vous suggère des personnes avec qui le courant a toutes les chances de passer.',
    icon: 'sparkles',
  },
  {
    title: 'Échangez en toute confiance',
    description:
      'Dites bonjour lorsque l’intérêt est réciproque. Discutez en toute sécurité dans l’application, prenez votre temps et rencontrez-vous quand le moment vous semble venu.',
    icon: 'chat',
  },
];
