import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { site } from '../../../config/site.js';
import { localizedPath } from '../../../lib/i18n/page-language.js';
import type { LegalDocumentContent, LegalSection } from '../components/legal-document.js';
import { frame } from './frame.pt.js';

const yourData = localizedPath(paths.yourData, 'pt');

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Quem somos',
    body: (
      <p>
        A Meet Match Date Marry, Inc. («nós») gere o sítio Web e as aplicações Meet Match Date Marry e é responsável
        pelos dados pessoais descritos nesta política. Pode contactar a nossa equipa de privacidade através de{' '}
        <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a> ou por correio postal para{' '}
        {site.contact.address.join(', ')}.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'O nosso serviço destina-se a adultos',
    body: (
      <p>
        O Meet Match Date Marry destina-se exclusivamente a pessoas com 18 ou mais anos. Não recolhemos intencionalmente
        dados de menores de 18 anos. Se tivermos conhecimento de que uma conta pertence a alguém com menos de 18 anos,
        encerramo-la e apagamos os respetivos dados.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Os dados que recolhemos',
    body: (
      <>
        <p>Recolhemos apenas o necessário para prestar um bom serviço:</p>
        <ul>
          <li>
            <strong>Inscrições na lista de espera:</strong> o seu endereço de e-mail, o código de referência que
            introduziu (se for o caso) e quando se inscreveu, confirmou a inscrição ou cancelou a subscrição (e quando
            lhe reenviámos pela última vez a ligação para o seu lugar); o seu lugar na fila, a cidade que escolheu, o
            idioma dos seus e-mails e os seus créditos de referência; depois de admitido, os seus convites para amigos e
            se cada um foi utilizado (nunca por quem) e, caso se tenha inscrito com o convite de um amigo, o facto de
            ter utilizado um (nunca de quem); e o que foi decidido sobre a sua inscrição: se os nossos controlos a
            retiveram para análise e porquê, se um crédito foi retido ou recusado e porquê, a decisão da nossa equipa e
            a vaga de convites em que foi convidado. A página <Link to={yourData}>Os seus dados</Link> mostra tudo isto
            e permite descarregá-lo.
          </li>
          <li>
            <strong>Quem é e quem espera conhecer (opcional, apenas com o seu consentimento):</strong> na página do seu
            lugar, e nunca no formulário de inscrição, pode indicar-nos se é mulher, homem ou pessoa não binária e se
            espera conhecer mulheres, homens ou toda a gente. Esta informação pode revelar a sua orientação sexual, que
            a lei trata como uma categoria especial de dados; por isso, pedimos o seu consentimento explícito,
            utilizamo-la para uma única finalidade (equilibrar quem é convidado em conjunto, para que as primeiras
            pessoas admitidas possam encontrar alguém) e guardamo-la cifrada com uma chave própria. Ninguém na Meet
            Match Date Marry a vê pessoa a pessoa: a nossa equipa vê apenas quantas pessoas de cada grupo uma vaga
            convidaria. Nunca consta dos nossos registos, das exportações da nossa equipa nem de nada do que enviamos
            para outros sistemas. Só o próprio a vê, na página do seu lugar e na página{' '}
            <Link to={yourData}>Os seus dados</Link>.
          </li>
          <li>
            <strong>Mensagens que nos envia:</strong> quando nos escreve através do formulário de contacto, o seu nome,
            o seu endereço de e-mail, a sua mensagem e a hora a que chegou. A mensagem é também enviada para a caixa de
            correio da nossa equipa de apoio.
          </li>
          <li>
            <strong>Dados da conta e do perfil:</strong> o seu nome, data de nascimento, fotografias, interesses,
            valores, o que procura, a sua preferência de distância e tudo o mais que decida acrescentar ao seu perfil.
          </li>
          <li>
            <strong>Mensagens e atividade:</strong> os seus «gostos», os seus matches e as mensagens que troca, para que
            possamos entregá-las e manter a comunidade segura.
          </li>
          <li>
            <strong>Dados do dispositivo e de utilização:</strong> endereço IP, tipo de dispositivo, versão da aplicação
            e a forma como utiliza o serviço, recolhidos através de cookies e tecnologias semelhantes (consulte a nossa{' '}
            <Link to={localizedPath(paths.cookiePolicy, 'pt')}>Política de cookies</Link>).
          </li>
          <li>
            <strong>Dados de pagamento:</strong> se comprar uma subscrição, a loja de aplicações ou o nosso prestador de
            serviços de pagamento trata os dados do seu cartão; nós recebemos apenas uma confirmação e o estado da
            subscrição.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'Como utilizamos os seus dados e com que fundamento',
    body: (
      <ul>
        <li>Para prestar o serviço e sugerir matches (execução do nosso contrato consigo).</li>
        <li>
          Para enviar os e-mails que solicitou, como a confirmação da lista de espera e as novidades sobre o lançamento
          (o seu consentimento).
        </li>
        <li>
          Quando um amigo que se inscreveu através da sua ligação de referência confirma o endereço, para o informar de
          que subiu na fila e do seu novo lugar: no máximo um e-mail deste tipo por hora, e nunca para um endereço que
          tenha cancelado a subscrição (o seu consentimento, dado ao inscrever-se na lista de espera). O nome do seu
          amigo não é indicado.
        </li>
        <li>
          Se um endereço já confirmado for utilizado para uma nova inscrição, para enviar a esse endereço a ligação para
          o respetivo lugar na fila (no máximo uma vez a cada 10 minutos), para que quem a perdeu a recupere; a própria
          página de inscrição nunca revela se um endereço consta da lista.
        </li>
        <li>
          Se nos indicar quem é e quem espera conhecer, para equilibrar quem é convidado em conjunto numa vaga (o seu
          consentimento explícito, que pode retirar a qualquer momento na página do seu lugar, o que apaga de imediato
          essa informação; o seu lugar na fila é o mesmo, quer nos dê essa informação quer não).
        </li>
        <li>Para responder às mensagens que nos envia (o nosso interesse legítimo em responder-lhe).</li>
        <li>
          Para proteger os membros, prevenir a fraude e fazer cumprir os nossos termos (os nossos interesses legítimos e
          obrigações legais).
        </li>
        <li>
          Para compreender e melhorar o serviço com estatísticas agregadas (os nossos interesses legítimos ou o seu
          consentimento).
        </li>
        <li>Para cumprir obrigações legais, como as regras fiscais e contabilísticas.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Com quem os partilhamos',
    body: (
      <>
        <p>
          Nunca vendemos os seus dados pessoais. Os outros membros veem apenas o que coloca no seu perfil. Partilhamos
          dados com prestadores de serviços cuidadosamente escolhidos que alojam os nossos sistemas, enviam os nossos
          e-mails, processam pagamentos e ajudam na moderação, ao abrigo de contratos que só lhes permitem utilizá-los
          segundo as nossas instruções. Só divulgamos dados às autoridades quando a lei o exige ou para proteger a
          segurança de alguém.
        </p>
        <p>
          Os servidores da nossa própria aplicação recebem o que precisam para lhe dar acesso: quando confirma a
          inscrição, é convidado ou é admitido, uma mensagem assinada comunica-lhes o número da sua inscrição (e, depois
          de ser convidado, o seu endereço de e-mail, para que a aplicação o reconheça quando iniciar sessão); quando a
          sua inscrição é apagada, são instruídos a esquecê-la também. Estas mensagens nunca contêm quem é nem quem
          espera conhecer.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Durante quanto tempo os conservamos',
    body: (
      <ul>
        <li>
          Dados da conta: enquanto a sua conta estiver aberta; depois, são apagados no prazo de 30 dias após o
          encerramento.
        </li>
        <li>
          Dados da lista de espera: até ao lançamento da aplicação e à criação da sua conta, ou até cancelar a
          subscrição. O cancelamento apaga, juntamente com a sua inscrição, o seu lugar na fila, o seu código de
          referência e os amigos que lhe foram creditados; apenas fica uma impressão digital codificada do seu endereço,
          para que nunca mais lhe enviemos e-mails. A partir daí, e durante um ano, as ligações dos nossos e-mails
          anteriores apenas indicam que a inscrição foi removida.
        </li>
        <li>
          Quem é e quem espera conhecer: até ser convidado (a sua única utilização é escolher quem é convidado), até
          retirar essa informação, cancelar a subscrição ou a sua inscrição ser apagada, consoante o que ocorrer
          primeiro; depois, é apagada de imediato.
        </li>
        <li>
          Mensagens que nos envia através do formulário de contacto: 180 dias após a sua chegada, quer lhes tenhamos
          respondido quer não; depois, são apagadas.
        </li>
        <li>Dados estatísticos: 26 meses, após os quais são apagados ou totalmente anonimizados.</li>
        <li>Cookies: os cookies persistentes duram até 2 anos; consulte a Política de cookies para cada um deles.</li>
        <li>Registos que a lei nos obriga a conservar (como as faturas): pelo período que a lei exigir.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Os seus direitos',
    body: (
      <p>
        Consoante o local onde reside, pode pedir o acesso aos seus dados, a sua retificação, o seu apagamento ou a sua
        portabilidade, opor-se à forma como os utilizamos ou pedir a limitação dessa utilização, e retirar o seu
        consentimento a qualquer momento (no caso dos e-mails, através da ligação de cancelamento incluída em cada um).
        Escreva para <a href={`mailto:${site.contact.privacyEmail}`}>{site.contact.privacyEmail}</a>; respondemos no
        prazo de um mês. Pode também apresentar reclamação à autoridade de proteção de dados do seu país.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Como os protegemos',
    body: (
      <p>
        Ciframos os dados em trânsito, guardamos quem é e quem espera conhecer apenas de forma cifrada (AES-256-GCM),
        guardamos palavras-passe e tokens de confirmação apenas sob a forma de hash, limitamos o acesso da nossa equipa
        ao que cada função exige e registamos esse acesso. Nenhum sistema é perfeitamente seguro, mas, se uma violação
        puser os seus dados em risco, informá-lo-emos, a si e às autoridades, sem demora.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Transferências internacionais',
    body: (
      <p>
        A nossa equipa trabalha em oito países e alguns prestadores de serviços encontram-se fora do seu. Quando os
        dados saem da sua região, utilizamos garantias reconhecidas pela lei, como as cláusulas contratuais-tipo.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Alterações a esta política',
    body: (
      <p>
        Se alterarmos esta política de forma relevante, informá-lo-emos por e-mail ou na aplicação antes de a alteração
        produzir efeitos. A data no topo indica sempre a versão em vigor.
      </p>
    ),
  },
];

export const content: LegalDocumentContent = {
  frame,
  title: 'Política de privacidade',
  updated: { year: 2026, month: 11 },
  intro: (
    <p>
      A sua privacidade é tão importante para nós como a sua vida amorosa. Esta política explica, em linguagem simples,
      que dados recolhemos, porquê, durante quanto tempo os conservamos e o que pode fazer a esse respeito.
    </p>
  ),
  sections,
};
