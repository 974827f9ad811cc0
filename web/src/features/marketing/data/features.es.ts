import type { Feature } from './features.js';

export const features: readonly Feature[] = [
  {
    title: 'Conexiones con sentido',
    description:
      'Perfiles construidos en torno a valores, intereses y lo que de verdad buscas, para que cada conversación empiece con algo en común.',
    icon: 'heart',
  },
  {
    title: 'Una comunidad diversa',
    description:
      'Personas de todos los orígenes, orientaciones y estilos de vida, que buscan amor, amistad o ambas cosas. Aquí todo el mundo es bienvenido.',
    icon: 'users',
  },
  {
    title: 'Seguridad y protección',
    description:
      'Verificación de perfiles, denuncias y bloqueos sencillos, y un equipo de moderación que actúa rápido. Tus datos siguen siendo tuyos.',
    icon: 'shield',
  },
  {
    title: 'Matches personalizados',
    description:
      'Nuestro algoritmo de emparejamiento aprende de tus intereses, tus valores y tus objetivos de pareja para sugerirte personas que merece la pena conocer.',
    icon: 'sparkles',
  },
];
