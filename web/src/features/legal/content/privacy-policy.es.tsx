import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.es.js';

const yourData = localizedPath(paths.yourData, 'es');

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Quiénes somos',
    body: (
      <p>
        Meet Match Date Marry, Inc. («nosotros») gestiona el sitio web y las aplicaciones de Meet Match Date Marry y es
        responsable de los datos personales descritos en esta política. Puedes contactar con nuestro equipo de
        privacidad en <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a> o por correo
        postal en {site.contact.address.join(', ')}.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Nuestro servicio es para personas adultas',
    body: (
      <p>
        Meet Match Date Marry es solo para personas de 18 años o más. No recopilamos a sabiendas datos de menores de 18
        años. Si descubrimos que una cuenta pertenece a una persona menor de 18 años, la cerramos y eliminamos sus
        datos.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Los datos que recopilamos',
    body: (
      <>
        <p>Solo recopilamos lo que necesitamos para que el servicio funcione bien:</p>
        <ul>
          <li>
            <strong>Inscripciones en la lista de espera:</strong> tu dirección de correo electrónico, el código de
            recomendación que introdujiste (si lo hiciste) y cuándo te inscribiste, confirmaste o te diste de baja (y
            cuándo te reenviamos por última vez el enlace a tu puesto); tu puesto en la lista, la ciudad que elegiste,
            el idioma de tus correos y tus créditos por recomendación; cuando se te admite, tus invitaciones para amigos
            y si se usó cada una (nunca quién la usó), y, si te uniste con la invitación de un amigo, que usaste una
            (nunca de quién era); y lo que se decidió sobre tu inscripción: si nuestros controles la retuvieron para
            revisarla y por qué, si un crédito se retuvo o se denegó y por qué, la decisión de nuestro personal y la
            tanda de invitaciones en la que se te invitó. La página <Link to={yourData}>Tus datos</Link> lo muestra todo
            y te permite descargarlo.
          </li>
          <li>
            <strong>Quién eres y a quién esperas conocer (opcional, solo con tu consentimiento):</strong> en la página
            de tu puesto, nunca en el formulario de inscripción, puedes indicarnos si eres mujer, hombre o persona no
            binaria y si esperas conocer a mujeres, a hombres o a todo el mundo. Esto puede revelar tu orientación
            sexual, que la ley considera una categoría especial de datos, por lo que te pedimos tu consentimiento
            explícito, lo usamos con un único fin (equilibrar a quién se invita a la vez, para que las primeras personas
            admitidas puedan encontrar a alguien) y lo guardamos cifrado con una clave propia. Nadie en Meet Match Date
            Marry lo ve persona por persona: nuestro personal solo ve cuántas personas de cada grupo invitaría una
            tanda. Nunca figura en nuestros registros, en las exportaciones de nuestro personal ni en nada de lo que
            enviamos a otros sistemas. Solo lo ves tú, en la página de tu puesto y en la página{' '}
            <Link to={yourData}>Tus datos</Link>.
          </li>
          <li>
            <strong>Mensajes que nos envías:</strong> cuando nos escribes mediante el formulario de contacto, tu nombre,
            tu dirección de correo electrónico, tu mensaje y cuándo llegó. También se envía al buzón de nuestro equipo
            de soporte.
          </li>
          <li>
            <strong>Datos de la cuenta y del perfil:</strong> tu nombre, fecha de nacimiento, fotos, intereses, valores,
            lo que buscas, tu preferencia de distancia y cualquier otra cosa que decidas añadir a tu perfil.
          </li>
          <li>
            <strong>Mensajes y actividad:</strong> tus «me gusta», tus matches y los mensajes que intercambias, para
            poder entregarlos y mantener la seguridad de la comunidad.
          </li>
          <li>
            <strong>Datos del dispositivo y de uso:</strong> dirección IP, tipo de dispositivo, versión de la aplicación
            y cómo usas el servicio, recopilados mediante cookies y tecnologías similares (consulta nuestra{' '}
            <Link to={localizedPath(paths.cookiePolicy, 'es')}>Política de cookies</Link>).
          </li>
          <li>
            <strong>Datos de pago:</strong> si compras una suscripción, la tienda de aplicaciones o nuestro proveedor de
            pagos trata los datos de tu tarjeta; nosotros solo recibimos una confirmación y el estado de la suscripción.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'Cómo usamos tus datos y con qué base jurídica',
    body: (
      <ul>
        <li>Para prestar el servicio y sugerirte matches (ejecución de nuestro contrato contigo).</li>
        <li>
          Para enviarte los correos que has solicitado, como la confirmación de la lista de espera y las novedades del
          lanzamiento (tu consentimiento).
        </li>
        <li>
          Cuando un amigo que se unió con tu enlace de recomendación confirma su dirección, para comunicarte que has
          subido en la lista y cuál es tu nuevo puesto: como máximo un correo de este tipo por hora, y nunca a una
          dirección que se haya dado de baja (tu consentimiento, dado al unirte a la lista de espera). No se indica el
          nombre de tu amigo.
        </li>
        <li>
          Si una dirección ya confirmada se usa para volver a inscribirse, para enviar a esa dirección el enlace a su
          puesto en la lista (como máximo una vez cada 10 minutos), de modo que quien lo haya perdido lo recupere; la
          propia página de inscripción nunca indica si una dirección está en la lista.
        </li>
        <li>
          Si nos dices quién eres y a quién esperas conocer, para equilibrar a quién se invita a la vez en una tanda (tu
          consentimiento explícito, que puedes retirar en cualquier momento en la página de tu puesto, lo que elimina el
          dato de inmediato; tu puesto en la lista es el mismo tanto si nos lo dices como si no).
        </li>
        <li>Para responder a los mensajes que nos envías (nuestro interés legítimo en responderte).</li>
        <li>
          Para proteger a los miembros, prevenir el fraude y hacer cumplir nuestras condiciones (nuestros intereses
          legítimos y nuestras obligaciones legales).
        </li>
        <li>
          Para entender y mejorar el servicio mediante analíticas agregadas (nuestros intereses legítimos o tu
          consentimiento).
        </li>
        <li>Para cumplir obligaciones legales, como las normas fiscales y contables.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Con quién los compartimos',
    body: (
      <>
        <p>
          Nunca vendemos tus datos personales. Los demás miembros solo ven lo que pones en tu perfil. Compartimos datos
          con proveedores cuidadosamente seleccionados que alojan nuestros sistemas, envían nuestros correos, procesan
          los pagos y nos ayudan con la moderación, en virtud de contratos que solo les permiten usarlos siguiendo
          nuestras instrucciones. Solo comunicamos datos a las autoridades cuando la ley lo exige o para proteger la
          seguridad de alguien.
        </p>
        <p>
          Los servidores de nuestra propia aplicación reciben lo que necesitan para darte acceso: cuando confirmas tu
          dirección, se te invita o se te admite, un mensaje firmado les comunica el número de tu inscripción (y, una
          vez invitado, tu dirección de correo electrónico, para que la aplicación te reconozca al iniciar sesión);
          cuando se borra tu inscripción, se les indica que también la olviden. Estos mensajes nunca incluyen quién eres
          ni a quién esperas conocer.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Cuánto tiempo los conservamos',
    body: (
      <ul>
        <li>
          Datos de la cuenta: mientras tu cuenta esté abierta; después, se eliminan en un plazo de 30 días desde su
          cierre.
        </li>
        <li>
          Datos de la lista de espera: hasta que la aplicación se lance y crees una cuenta, o hasta que te des de baja.
          Al darte de baja se borran tu puesto en la lista, tu código de recomendación y los amigos que se te
          atribuyeron, junto con tu inscripción; solo se conserva una huella codificada de tu dirección, para no volver
          a escribirle nunca. A partir de entonces, y durante un año, los enlaces de nuestros correos anteriores solo
          indican que la inscripción se ha eliminado.
        </li>
        <li>
          Quién eres y a quién esperas conocer: hasta que se te invite (su único uso es elegir a quién se invita), lo
          retires, te des de baja o se borre tu inscripción, lo que ocurra primero; después se elimina de inmediato.
        </li>
        <li>
          Mensajes que nos envías mediante el formulario de contacto: 180 días desde su llegada, tanto si los hemos
          respondido como si no; después se eliminan.
        </li>
        <li>Datos de analítica: 26 meses; después se eliminan o se anonimizan por completo.</li>
        <li>
          Cookies: las cookies persistentes duran como máximo 2 años; consulta la Política de cookies para cada una de
          ellas.
        </li>
        <li>Registros que debemos conservar por ley (como las facturas): el tiempo que exija la ley.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Tus derechos',
    body: (
      <p>
        Según dónde vivas, puedes solicitar el acceso a tus datos, su rectificación, su supresión o su portabilidad,
        oponerte a cómo los usamos o pedir que limitemos su uso, y retirar tu consentimiento en cualquier momento (para
        los correos, con el enlace de baja que incluye cada uno). Escribe a{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>; respondemos en el plazo de un
        mes. También puedes presentar una reclamación ante la autoridad de protección de datos de tu país.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Cómo los protegemos',
    body: (
      <p>
        Ciframos los datos en tránsito, guardamos quién eres y a quién esperas conocer solo de forma cifrada
        (AES-256-GCM), guardamos las contraseñas y los tokens de confirmación solo en forma de hash, limitamos el acceso
        del personal a lo que cada función necesita y registramos ese acceso. Ningún sistema es perfectamente seguro,
        pero te informaremos a ti y a las autoridades sin demora si una brecha pone en riesgo tus datos.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Transferencias internacionales',
    body: (
      <p>
        Nuestro equipo trabaja en ocho países y algunos proveedores están fuera del tuyo. Cuando los datos salen de tu
        región, aplicamos las garantías que reconoce la ley, como las cláusulas contractuales tipo.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Cambios en esta política',
    body: (
      <p>
        Si cambiamos esta política de forma relevante, te lo comunicaremos por correo electrónico o en la aplicación
        antes de que el cambio se aplique. La fecha que figura al principio indica siempre la versión vigente.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Política de privacidad',
  updated: { year: 2026, month: 11 },
  intro: (
    <p>
      Tu privacidad nos importa tanto como tu vida amorosa. Esta política explica, con palabras sencillas, qué datos
      recopilamos, por qué, cuánto tiempo los conservamos y qué puedes hacer al respecto.
    </p>
  ),
  sections,
};
