import { formatMiles, formatUsd } from '../../../lib/i18n/intl-format.js';
import type { Faq } from './faqs.js';

export const faqs: readonly Faq[] = [
  {
    question: '¿Qué es Meet Match Date Marry?',
    answer:
      'Meet Match Date Marry es una aplicación de citas y amistad para quienes quieren algo más que deslizar sin fin. Te emparejamos según tus intereses, tus valores y el tipo de relación que buscas, para que puedas tener conversaciones sinceras y crear vínculos con sentido, tanto si buscas una cita como una pareja o una amistad.',
  },
  {
    question: '¿Cómo funciona el emparejamiento?',
    answer:
      'Al crear tu perfil nos cuentas tus intereses, tus valores y qué tipo de relación quieres. Nuestro algoritmo de emparejamiento tiene todo eso en cuenta, aprende de los perfiles que te gustan y de los que descartas, y te sugiere personas con las que probablemente te lleves bien.',
  },
  {
    question: '¿Meet Match Date Marry es gratis?',
    answer: `Sí. Crear un perfil, hacer match y chatear es gratis. Prémium, desde ${formatUsd('es', 9.99)} al mes, añade extras como ver a quién le has gustado, «me gusta» ilimitados y filtros avanzados. Puedes cancelarlo cuando quieras y conservas Prémium hasta el final del periodo que ya has pagado.`,
  },
  {
    question: '¿A qué distancia pueden estar mis matches?',
    answer: `Tú decides. Ajusta tu preferencia de distancia entre ${formatMiles('es', 1)} y ${formatMiles('es', 100)} y cámbiala cuando quieras, por ejemplo cuando viajes o te mudes.`,
  },
  {
    question: '¿Cuánto se tarda en crear una cuenta?',
    answer:
      'Menos de 5 minutos. Añade unas cuantas fotos, elige tus intereses y di qué buscas, y ya podrás ver tus primeros matches.',
  },
  {
    question: '¿Cómo se protege a los miembros?',
    answer:
      'Todos los miembros deben tener 18 años o más. Ofrecemos verificación de perfiles, puedes bloquear y denunciar a cualquiera con un solo toque, y nuestro equipo de moderación revisa las denuncias las 24 horas. Nunca vendemos tus datos personales.',
  },
];
