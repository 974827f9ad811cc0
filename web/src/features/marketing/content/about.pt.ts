import { steps } from '../data/how-it-works.pt.js';
import type { AboutContent } from './page-content.js';
import { shared } from './shared.pt.js';

export const content: AboutContent = {
  hero: {
    eyebrow: 'Sobre nós',
    title: 'Encontros, de novo com coração',
    lead: 'O Meet Match Date Marry é o futuro dos encontros e das amizades: menos jogos, mais ligações verdadeiras.',
  },
  mission: {
    eyebrow: 'A nossa missão',
    title: 'Ajudar as pessoas a encontrarem-se, a sério',
    paragraphs: [
      'Demasiadas aplicações são feitas para manter as pessoas a deslizar. Estamos a criar uma que ajuda a parar: apresentando pessoas que partilham os seus interesses, os seus valores e a sua ideia de uma boa relação, e tornando a primeira conversa fácil e segura.',
      'Quer pretenda conhecer alguém, fazer match, sair num encontro ou casar, quer simplesmente encontrar um amigo numa cidade nova, acreditamos que vale a pena conceber tudo a pensar em conversas sinceras, emoções genuínas e laços com significado. É essa a nossa promessa a cada membro e a bitola de tudo o que criamos.',
    ],
  },
  how: { eyebrow: 'Como funciona', title: 'Três passos até ao seu primeiro match', steps },
  shared,
};
