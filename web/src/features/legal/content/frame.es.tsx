import type { LegalFrame } from '../components/legal-document.js';

export const frame: LegalFrame = {
  language: 'es',
  eyebrow: 'Información legal',
  lastUpdated: (month) => `Última actualización: ${month}`,
  onThisPage: 'En esta página',
  translationNotice: (englishLink) => (
    <>
      Esta es una traducción. En caso de discrepancia entre esta traducción y el texto original en inglés, prevalece el
      texto en inglés: {englishLink('leer la versión en inglés')}.
    </>
  ),
};
