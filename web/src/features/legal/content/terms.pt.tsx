import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { formatUsd } from '../../../lib/i18n/intl-format.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.pt.js';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Aceitação destes termos',
    body: (
      <p>
        Estes termos constituem um contrato entre o utilizador e a Meet Match Date Marry, Inc. Ao inscrever-se na lista
        de espera, criar uma conta ou utilizar o serviço, aceita-os, juntamente com a nossa{' '}
        <Link to={localizedPath(paths.privacyPolicy, 'pt')}>Política de privacidade</Link> e a nossa{' '}
        <Link to={localizedPath(paths.cookiePolicy, 'pt')}>Política de cookies</Link>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Quem pode utilizar o serviço',
    body: (
      <p>
        É necessário ter, pelo menos, 18 anos e capacidade jurídica para celebrar este contrato. Cada pessoa só pode ter
        uma conta, e não pode utilizar o serviço quem dele tiver sido anteriormente excluído ou quem estiver impedido de
        o fazer por lei.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'A sua conta',
    body: (
      <p>
        Mantenha os seus dados de acesso em segurança e informe-nos de imediato se suspeitar que outra pessoa utilizou a
        sua conta. As informações do seu perfil devem ser verdadeiras e dizer-lhe respeito. É responsável por tudo o que
        acontecer na sua conta.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Como nos tratamos uns aos outros',
    body: (
      <>
        <p>Para manter a comunidade segura e cordial, compromete-se a não:</p>
        <ul>
          <li>assediar, ameaçar, enganar ou discriminar ninguém;</li>
          <li>publicar nudez, violência, discurso de ódio ou qualquer conteúdo ilegal;</li>
          <li>fazer-se passar por outra pessoa, usar uma identidade falsa ou pedir dinheiro a outros membros;</li>
          <li>fazer publicidade, enviar spam, extrair dados do serviço de forma automatizada ou utilizar bots.</li>
        </ul>
        <p>Podemos remover conteúdos e suspender ou encerrar as contas que violem estas regras.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'O seu conteúdo',
    body: (
      <p>
        As fotografias e os textos que publica são seus. Concede-nos uma licença para os alojar, mostrar e adaptar na
        medida do necessário para prestar o serviço, a qual cessa quando os apagar ou apagar a sua conta, exceto no que
        outras pessoas já tenham recebido em mensagens.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Planos gratuito e premium',
    body: (
      <p>
        O serviço base é gratuito. As subscrições premium, a partir de {formatUsd('pt', 9.99)} por mês, acrescentam
        funcionalidades adicionais. Os preços são apresentados na aplicação antes da compra e podem variar consoante o
        país e a loja.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Faturação e renovação automática',
    body: (
      <p>
        As subscrições são faturadas mensal, trimestral ou anualmente, consoante o plano escolhido, e renovam-se
        automaticamente pelo mesmo período ao preço em vigor nessa data, salvo se as cancelar antes da data de
        renovação. O pagamento é efetuado através da loja de aplicações ou do prestador de serviços de pagamento
        utilizado na compra.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelamento',
    body: (
      <p>
        Pode cancelar a qualquer momento nas definições da loja ou da sua conta. O acesso premium mantém-se até ao fim
        do período já pago; depois disso, a sua conta passa para o plano gratuito e mantém o seu perfil e os seus
        matches.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Reembolsos e erros de faturação',
    body: (
      <p>
        As compras não são reembolsáveis, exceto quando a lei exija um reembolso. Se considerar que lhe foi cobrado um
        valor por engano, contacte o apoio através de{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a> no prazo de 14 dias a contar da
        cobrança, e analisaremos a situação.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Segurança e encontros presenciais',
    body: (
      <p>
        Disponibilizamos ferramentas de segurança, mas não verificamos o registo criminal dos membros nem podemos
        garantir o comportamento de ninguém. Tenha cuidado quando se encontrar com alguém: escolha um local público,
        avise um amigo e denuncie tudo o que o preocupe.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Exclusões e limitação de responsabilidade',
    body: (
      <p>
        O serviço é prestado «tal como está». Na medida em que a lei o permita, não somos responsáveis por danos
        indiretos ou consequenciais, e a nossa responsabilidade total limita-se ao montante que nos tiver pago nos doze
        meses anteriores à reclamação. Nada nestes termos limita os direitos que a lei lhe confere enquanto consumidor.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Alterações, cessação e lei aplicável',
    body: (
      <p>
        Podemos atualizar estes termos e informá-lo-emos de quaisquer alterações relevantes. Pode encerrar a sua conta a
        qualquer momento. Estes termos regem-se pela lei do Estado da Califórnia, sem prejuízo das normas imperativas de
        proteção dos consumidores do país onde reside. Tem dúvidas? Escreva para{' '}
        <a href={`mailto:${site.contact.supportEmail}`}>{site.contact.supportEmail}</a>.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Termos e condições',
  updated: { year: 2025, month: 8 },
  intro: (
    <p>
      Leia estes termos com atenção. Explicam as regras de utilização do Meet Match Date Marry, o que pode esperar de
      nós e o que esperamos de quem utiliza o serviço.
    </p>
  ),
  sections,
};
