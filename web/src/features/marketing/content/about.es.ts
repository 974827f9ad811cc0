import { steps } from '../data/how-it-works.es.js';
import type { AboutContent } from './page-content.js';
import { shared } from './shared.es.js';

export const content: AboutContent = {
  hero: {
    eyebrow: 'Quiénes somos',
    title: 'Citas con el corazón de vuelta',
    lead: 'Meet Match Date Marry es el futuro de las citas y la amistad: menos juegos y más conexiones reales.',
  },
  mission: {
    eyebrow: 'Nuestra misión',
    title: 'Ayudar a las personas a encontrarse de verdad',
    paragraphs: [
      'Demasiadas aplicaciones están hechas para que sigas deslizando. Nosotros estamos creando una que te ayude a parar: presentándote a personas que comparten tus intereses, tus valores y tu idea de una buena relación, y haciendo que la primera conversación sea fácil y segura.',
      'Tanto si quieres conocer a alguien, hacer match, tener citas o casarte, como si simplemente buscas una amistad en una ciudad nueva, creemos que merece la pena diseñar para las conversaciones sinceras, las emociones auténticas y los vínculos con sentido. Esa es nuestra promesa a cada miembro y la vara con la que medimos todo lo que creamos.',
    ],
  },
  how: { eyebrow: 'Cómo funciona', title: 'Tres pasos hasta tu primer match', steps },
  shared,
};
