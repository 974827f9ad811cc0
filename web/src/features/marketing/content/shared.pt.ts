import { testimonials } from '../data/testimonials.pt.js';
import type { MarketingShared } from './page-content.js';

export const shared: MarketingShared = {
  testimonials: {
    eyebrow: 'Histórias de amor',
    title: 'O que dizem os nossos membros',
    lead: 'Os primeiros membros da nossa versão beta contam como se conheceram.',
    quotes: testimonials,
  },
  cta: {
    title: 'Pronto para conhecer alguém que o compreende?',
    body: 'Inscreva-se hoje na lista de espera e seja dos primeiros a experimentar o Meet Match Date Marry quando for lançado para iPhone e Android.',
    button: 'Começar',
  },
  portraitOf: (name) => `Retrato de ${name}`,
};
