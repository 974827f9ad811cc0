import { faqs } from '../data/faqs.es.js';
import type { FaqsContent } from './page-content.js';

export const content: FaqsContent = {
  hero: {
    eyebrow: 'Ayuda',
    title: 'Preguntas frecuentes',
    lead: 'Todo lo que quieres saber antes de unirte. ¿No encuentras tu respuesta? Te ayudamos encantados.',
  },
  sectionLabel: 'Preguntas y respuestas',
  faqs,
  more: { before: '¿Te queda alguna duda?', link: 'Escríbenos', after: 'y te responderemos.' },
};
