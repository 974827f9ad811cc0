import type { LegalFrame } from '../components/legal-document.js';

export const frame: LegalFrame = {
  language: 'fr',
  eyebrow: 'Mentions légales',
  lastUpdated: (month) => `Dernière mise à jour\u00a0: ${month}`,
  onThisPage: 'Sur cette page',
  translationNotice: (englishLink) => (
    <>
      Ce document est une traduction. En cas de divergence entre cette traduction et le texte original en anglais, le
      texte anglais prévaut&nbsp;: {englishLink('consulter la version anglaise')}.
    </>
  ),
};
