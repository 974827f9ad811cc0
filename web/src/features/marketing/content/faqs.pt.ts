import { faqs } from '../data/faqs.pt.js';
import type { FaqsContent } from './page-content.js';

export const content: FaqsContent = {
  hero: {
    eyebrow: 'Ajuda',
    title: 'Perguntas frequentes',
    lead: 'Tudo o que precisa de saber antes de se inscrever. Não encontra a resposta? Teremos todo o gosto em ajudar.',
  },
  sectionLabel: 'Perguntas e respostas',
  faqs,
  more: { before: 'Ainda tem dúvidas?', link: 'Contacte-nos', after: 'e responderemos com a maior brevidade.' },
};
