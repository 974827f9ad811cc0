import type { LegalFrame } from '../components/legal-document.js';

export const frame: LegalFrame = {
  language: 'de',
  eyebrow: 'Rechtliches',
  lastUpdated: (month) => `Zuletzt aktualisiert: ${month}`,
  onThisPage: 'Auf dieser Seite',
  translationNotice: (englishLink) => (
    <>
      Dies ist eine Übersetzung. Bei Abweichungen zwischen dieser Übersetzung und dem englischen Originaltext ist der
      englische Text maßgeblich: {englishLink('zur englischen Fassung')}.
    </>
  ),
};
