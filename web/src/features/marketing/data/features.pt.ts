import type { Feature } from './features.js';

export const features: readonly Feature[] = [
  {
    title: 'Ligações com significado',
    description:
      'Perfis construídos em torno de valores, interesses e daquilo que realmente procura, para que cada conversa comece com algo em comum.',
    icon: 'heart',
  },
  {
    title: 'Uma comunidade diversa',
    description:
      'Pessoas de todas as origens, orientações e percursos de vida, à procura de amor, de amizade ou de ambos. Todos são bem-vindos.',
    icon: 'users',
  },
  {
    title: 'Segurança e proteção',
    description:
      'Verificação de perfis, denúncias e bloqueios simples e uma equipa de moderação que age depressa. Os seus dados continuam a ser seus.',
    icon: 'shield',
  },
  {
    title: 'Sugestões personalizadas',
    description:
      'O nosso algoritmo de correspondência aprende com os seus interesses, valores e objetivos de relação para sugerir pessoas que vale a pena conhecer.',
    icon: 'sparkles',
  },
];
