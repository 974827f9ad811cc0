import type { LegalFrame } from '../components/legal-document.js';

export const frame: LegalFrame = {
  language: 'pt',
  eyebrow: 'Informação legal',
  lastUpdated: (month) => `Última atualização: ${month}`,
  onThisPage: 'Nesta página',
  translationNotice: (englishLink) => (
    <>
      Este texto é uma tradução. Em caso de divergência entre esta tradução e o texto original em inglês, prevalece o
      texto em inglês: {englishLink('consultar a versão em inglês')}.
    </>
  ),
};
