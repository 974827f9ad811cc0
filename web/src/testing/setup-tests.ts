import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n/i18n.js';
import { messages as english } from '../locales/en.js';
import { messages as englishTitles } from '../locales/meta/en.js';
import { messages as englishStatus } from '../locales/status/en.js';

// findBy* waits 1 s by default; a lazily loaded admin screen can take longer than that to render in jsdom on a loaded
// 2-core machine (the e2e suite may run alongside), which failed tests that were right.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
// A test may have rendered a page in another language (render-page.tsx: speak); the next one starts in English again.
afterEach(() => {
  if (i18n.locale !== 'en') i18n.activate('en');
});

// The public pages' texts in English, as a page at an unprefixed path has them (main.tsx loads the page's catalogue
// before rendering, the router a mail link page's texts with its code; components read the one instance).
i18n.loadAndActivate({ locale: 'en', messages: { ...english, ...englishTitles, ...englishStatus } });
