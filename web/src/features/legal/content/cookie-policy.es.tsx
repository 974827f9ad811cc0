import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.es.js';

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'Qué son las cookies',
    body: (
      <p>
        Las cookies son pequeños archivos de texto que un sitio web guarda en tu dispositivo. Las tecnologías similares,
        como el almacenamiento local de tu navegador o los identificadores de nuestras aplicaciones, funcionan de la
        misma manera; esta política las denomina a todas «cookies».
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'Las cookies que usamos',
    body: (
      <ul>
        <li>
          <strong>Estrictamente necesarias:</strong> mantienen tu sesión iniciada, recuerdan tus elecciones y protegen
          el servicio frente a abusos. Sin ellas, el sitio no funciona correctamente.
        </li>
        <li>
          <strong>De preferencias:</strong> recuerdan ajustes como tu idioma.
        </li>
        <li>
          <strong>De analítica:</strong> nos indican, de forma agregada, qué páginas se visitan y dónde se atascan las
          personas, para que podamos mejorar el servicio. Solo las usamos con tu consentimiento cuando la ley lo exige.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-long',
    title: 'Cuánto duran',
    body: (
      <p>
        Las cookies de sesión desaparecen cuando cierras el navegador. Las cookies persistentes permanecen en tu
        dispositivo durante un tiempo determinado, nunca más de 2 años, salvo que las elimines antes. Los datos de
        analítica obtenidos mediante cookies se conservan 26 meses y después se eliminan o se anonimizan.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Terceros',
    body: (
      <p>
        No usamos cookies publicitarias ni permitimos que los anunciantes te rastreen en nuestro sitio. Todo lo que hay
        en este sitio, incluidas las fuentes y las imágenes, se sirve desde nuestros propios servidores.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Tus opciones',
    body: (
      <p>
        Puedes aceptar o rechazar las cookies no esenciales y cambiar de opinión en cualquier momento. Tu navegador
        también te permite bloquear o eliminar cookies; si bloqueas las estrictamente necesarias, algunas partes del
        servicio dejarán de funcionar.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'Cambios y contacto',
    body: (
      <p>
        Actualizamos esta política cuando cambia nuestro uso de las cookies. Para saber más sobre cómo tratamos los
        datos personales, consulta nuestra{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'es')}>Política de privacidad</Link> o escribe a{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Política de cookies',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Esta política explica qué cookies usa Meet Match Date Marry, por qué, durante cuánto tiempo y cómo puedes
      controlarlas.
    </p>
  ),
  sections,
};
