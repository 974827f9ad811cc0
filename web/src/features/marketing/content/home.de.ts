import { features } from '../data/features.de.js';
import type { HomeContent } from './page-content.js';
import { shared } from './shared.de.js';

export const content: HomeContent = {
  hero: {
    eyebrow: 'Die Zukunft des Datings',
    title: 'Finde dein perfektes Match.',
    lead: 'Meet Match Date Marry bringt Menschen durch ehrliche Gespräche, echte Gefühle und tiefe Verbindungen zusammen. Gematcht wird nach dem, was zählt: deinen Interessen, deinen Werten und der Beziehung, die du dir wünschst.',
    getStarted: 'Jetzt starten',
    howItWorks: 'So funktioniert’s',
  },
  why: {
    eyebrow: 'Meet Match Date Marry',
    title: 'Warum Meet Match Date Marry',
    lead: 'Dating und Freundschaften, neu gedacht rund um das, was eine Verbindung halten lässt.',
    features,
  },
  shared,
};
