import { formatMiles, formatUsd } from '../../../lib/i18n/intl-format.js';
import type { Faq } from './faqs.js';

export const faqs: readonly Faq[] = [
  {
    question: 'O que é o Meet Match Date Marry?',
    answer:
      'O Meet Match Date Marry é uma aplicação de encontros e amizades para quem quer mais do que deslizar sem fim. Sugerimos pessoas com base nos interesses, nos valores e nos objetivos de relação de cada um, para que possa ter conversas sinceras e criar laços com significado, quer procure um encontro, um companheiro ou uma companheira para a vida, quer uma amizade.',
  },
  {
    question: 'Como funciona a correspondência entre perfis?',
    answer:
      'Ao criar o seu perfil, indica-nos os seus interesses, os seus valores e o tipo de relação que pretende. O nosso algoritmo de correspondência pondera tudo isso, aprende com os perfis de que gosta e com os que põe de parte, e sugere pessoas com quem tem boas probabilidades de se entender.',
  },
  {
    question: 'O Meet Match Date Marry é gratuito?',
    answer: `Sim. Criar um perfil, fazer match e conversar são gratuitos. O Premium, a partir de ${formatUsd('pt', 9.99)} por mês, acrescenta extras como ver quem gostou de si, «gostos» ilimitados e filtros avançados. Pode cancelá-lo a qualquer momento e mantém o Premium até ao fim do período já pago.`,
  },
  {
    question: 'A que distância podem estar os meus matches?',
    answer: `A escolha é sua. Defina a sua preferência de distância entre ${formatMiles('pt', 1)} e ${formatMiles('pt', 100)} e altere-a sempre que quiser, por exemplo quando viajar ou mudar de casa.`,
  },
  {
    question: 'Quanto tempo demora a criar uma conta?',
    answer:
      'Menos de 5 minutos. Acrescente algumas fotografias, escolha os seus interesses e indique o que procura, e estará pronto para ver os seus primeiros matches.',
  },
  {
    question: 'Como é garantida a segurança dos membros?',
    answer:
      'Todos os membros têm de ter 18 ou mais anos. Disponibilizamos a verificação de perfis, é possível bloquear e denunciar qualquer pessoa com um só toque, e a nossa equipa de moderação analisa as denúncias 24 horas por dia. Nunca vendemos os seus dados pessoais.',
  },
];
