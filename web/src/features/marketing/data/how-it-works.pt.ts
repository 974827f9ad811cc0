import type { Step } from './how-it-works.js';

export const steps: readonly Step[] = [
  {
    title: 'Crie o seu perfil',
    description:
      'Acrescente algumas fotografias, partilhe os seus interesses e indique o que procura, de uma nova amizade a um companheiro para a vida. Demora menos de 5 minutos.',
    icon: 'userPlus',
  },
  {
    title: 'Receba sugestões inteligentes',
    description:
      'A nossa correspondência tem em conta interesses, valores e objetivos de relação, e não apenas a aparência, e sugere pessoas com quem tem boas probabilidades de se entender.',
    icon: 'sparkles',
  },
  {
    title: 'Ligue-se e converse',
    description:
      'Diga olá quando o interesse for mútuo. Converse em segurança na aplicação, sem pressas, e combine um encontro quando achar que é o momento certo.',
    icon: 'chat',
  },
];
