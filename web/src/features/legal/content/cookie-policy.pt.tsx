import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.pt.js';

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'O que são cookies',
    body: (
      <p>
        Os cookies são pequenos ficheiros de texto que um sítio Web guarda no seu dispositivo. As tecnologias
        semelhantes, como o armazenamento local do navegador ou os identificadores das nossas aplicações, funcionam da
        mesma forma; esta política designa-as a todas como «cookies».
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'Os cookies que utilizamos',
    body: (
      <ul>
        <li>
          <strong>Estritamente necessários:</strong> mantêm a sua sessão iniciada, memorizam as suas escolhas e protegem
          o serviço contra abusos. Sem eles, o sítio não funciona corretamente.
        </li>
        <li>
          <strong>De preferências:</strong> memorizam definições como o seu idioma.
        </li>
        <li>
          <strong>Analíticos:</strong> indicam-nos, de forma agregada, que páginas são visitadas e onde as pessoas têm
          dificuldades, para podermos melhorar o serviço. Só os utilizamos com o seu consentimento quando a lei o exige.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-long',
    title: 'Quanto tempo duram',
    body: (
      <p>
        Os cookies de sessão desaparecem quando fecha o navegador. Os cookies persistentes permanecem no seu dispositivo
        durante um período determinado, nunca superior a 2 anos, salvo se os apagar antes. Os dados estatísticos
        recolhidos através de cookies são conservados durante 26 meses e, depois, apagados ou anonimizados.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Terceiros',
    body: (
      <p>
        Não utilizamos cookies publicitários nem permitimos que os anunciantes o sigam no nosso sítio. Tudo o que consta
        deste sítio, incluindo tipos de letra e imagens, é servido a partir dos nossos próprios servidores.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'As suas opções',
    body: (
      <p>
        Pode aceitar ou recusar os cookies não essenciais e mudar de ideias a qualquer momento. O seu navegador também
        permite bloquear ou apagar cookies; se bloquear os estritamente necessários, partes do serviço deixarão de
        funcionar.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'Alterações e contacto',
    body: (
      <p>
        Atualizamos esta política quando a nossa utilização de cookies se altera. Para saber mais sobre a forma como
        tratamos os dados pessoais, consulte a nossa{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'pt')}>Política de privacidade</Link> ou escreva para{' '}
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
      Esta política explica que cookies o Meet Match Date Marry utiliza, porquê, durante quanto tempo e como os pode
      controlar.
    </p>
  ),
  sections,
};
