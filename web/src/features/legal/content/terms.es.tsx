import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { formatUsd } from '../../../lib/i18n/intl-format.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.es.js';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Aceptación de estas condiciones',
    body: (
      <p>
        Estas condiciones son un contrato entre tú y Meet Match Date Marry, Inc. Al unirte a la lista de espera, crear
        una cuenta o usar el servicio, las aceptas, junto con nuestra{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'es')}>Política de privacidad</Link> y nuestra{' '}
        <Link to={localizedPath(paths.cookiePolicy, 'es')}>Política de cookies</Link>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Quién puede usar el servicio',
    body: (
      <p>
        Debes tener al menos 18 años y capacidad legal para celebrar este contrato. Solo puedes tener una cuenta, y no
        puedes usar el servicio si ya se te expulsó de él anteriormente o si la ley te lo prohíbe.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Tu cuenta',
    body: (
      <p>
        Mantén a salvo tus datos de acceso y avísanos de inmediato si crees que otra persona ha usado tu cuenta. La
        información de tu perfil debe ser verdadera y referirse a ti. Eres responsable de lo que ocurra con tu cuenta.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Cómo nos tratamos',
    body: (
      <>
        <p>Para que la comunidad sea segura y amable, te comprometes a no:</p>
        <ul>
          <li>acosar, amenazar, engañar o discriminar a nadie;</li>
          <li>publicar desnudos, violencia, discursos de odio ni nada ilegal;</li>
          <li>suplantar a otra persona, usar una identidad falsa ni pedir dinero a otros miembros;</li>
          <li>hacer publicidad, enviar spam, extraer datos del servicio de forma automatizada ni usar bots.</li>
        </ul>
        <p>Podemos retirar contenidos y suspender o cerrar las cuentas que incumplan estas normas.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Tu contenido',
    body: (
      <p>
        Las fotos y los textos que publicas son tuyos. Nos concedes una licencia para alojarlos, mostrarlos y adaptarlos
        en la medida necesaria para prestar el servicio, que termina cuando los eliminas o eliminas tu cuenta, salvo en
        lo que otras personas ya hayan recibido en mensajes.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Planes gratuito y prémium',
    body: (
      <p>
        El servicio básico es gratuito. Las suscripciones prémium, desde {formatUsd('es', 9.99)} al mes, añaden
        funciones adicionales. Los precios se muestran en la aplicación antes de la compra y pueden variar según el país
        y la tienda.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Facturación y renovación automática',
    body: (
      <p>
        Las suscripciones se facturan mensual, trimestral o anualmente, según el plan que elijas, y se renuevan
        automáticamente por el mismo periodo al precio vigente en ese momento, salvo que canceles antes de la fecha de
        renovación. Pagas a través de la tienda de aplicaciones o del proveedor de pagos con el que hiciste la compra.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelación',
    body: (
      <p>
        Puedes cancelar en cualquier momento desde la configuración de tu tienda o de tu cuenta. Tu acceso prémium
        continúa hasta el final del periodo que ya has pagado; después, tu cuenta pasa al plan gratuito y conservas tu
        perfil y tus matches.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Reembolsos y errores de facturación',
    body: (
      <p>
        Las compras no son reembolsables, salvo cuando la ley exija un reembolso. Si crees que se te ha cobrado por
        error, contacta con el equipo de soporte en{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a> en un plazo de 14 días desde el
        cargo y lo revisaremos.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Seguridad y encuentros en persona',
    body: (
      <p>
        Ofrecemos herramientas de seguridad, pero no comprobamos los antecedentes penales de los miembros y no podemos
        garantizar el comportamiento de nadie. Ten cuidado cuando quedes con alguien: queda en un lugar público, avisa a
        un amigo y denuncia cualquier cosa que te preocupe.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Exenciones y limitación de responsabilidad',
    body: (
      <p>
        El servicio se presta «tal cual». En la medida en que la ley lo permita, no respondemos de daños indirectos o
        consecuenciales, y nuestra responsabilidad total se limita al importe que nos hayas pagado en los doce meses
        anteriores a la reclamación. Nada de lo dispuesto en estas condiciones limita los derechos que la ley te
        reconoce como consumidor.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Cambios, terminación y legislación aplicable',
    body: (
      <p>
        Podemos actualizar estas condiciones y te avisaremos de los cambios importantes. Puedes cerrar tu cuenta en
        cualquier momento. Estas condiciones se rigen por las leyes del Estado de California, sin perjuicio de las
        normas imperativas de protección de los consumidores del país en el que vivas. ¿Tienes preguntas? Escribe a{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Términos y condiciones',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Lee estas condiciones con atención. Explican las normas para usar Meet Match Date Marry, lo que puedes esperar de
      nosotros y lo que esperamos de ti.
    </p>
  ),
  sections,
};
