import type { Step } from './how-it-works.js';

export const steps: readonly Step[] = [
  {
    title: 'Crea tu perfil',
    description:
      'Añade unas cuantas fotos, comparte tus intereses y di qué buscas, desde una nueva amistad hasta una pareja para toda la vida. Se tarda menos de 5 minutos.',
    icon: 'userPlus',
  },
  {
    title: 'Recibe matches inteligentes',
    description:
      'Nuestro emparejamiento tiene en cuenta intereses, valores y objetivos de pareja, no solo el físico, y te sugiere personas con las que probablemente conectes.',
    icon: 'sparkles',
  },
  {
    title: 'Conecta y chatea',
    description:
      'Saluda cuando el interés sea mutuo. Chatea de forma segura en la aplicación, tómate tu tiempo y queda en persona cuando te parezca el momento adecuado.',
    icon: 'chat',
  },
];
