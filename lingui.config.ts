// The message catalogues. A language is added by its code in services/contracts/src/languages.ts and here; then
// `npm run i18n:extract` writes its catalogues to translate and `npm run i18n:compile` the modules the code loads.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The pages behind a mail's link (place, unsubscribe, invitation) and the forms of the contact and "Your data" pages:
 * their texts are loaded with those pages' code (statusPage in web/src/app/router.tsx), so the catalogue the waitlist
 * and home pages load first stays small.
 */
const STATUS_SOURCES = [
  '<rootDir>/web/src/features/waitlist/components/{confirm-panel,place-card,language-choice,link-states,resend-link}.tsx',
  '<rootDir>/web/src/features/waitlist/components/{unsubscribe-panel,invitation-panel,member-tickets}.tsx',
  '<rootDir>/web/src/features/waitlist/components/{city-choice,balance-choice,share-panel,use-ticket}.tsx',
  '<rootDir>/web/src/features/waitlist/components/{city-progress,copy-button}.tsx',
  '<rootDir>/web/src/features/privacy/components/**',
  '<rootDir>/web/src/features/contact/components/contact-form.tsx',
  '<rootDir>/web/src/app/routes/{confirm,unsubscribe,invitation,your-data,contact}.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pt', 'de', 'fr'],
  // Sorted by id, without line numbers: a catalogue changes only when a message does.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
  catalogs: [
    {
      // Every mail to a person on the list (subject, HTML and text).
      path: '<rootDir>/services/waitlist/src/modules/mail/locales/{locale}',
      include: ['<rootDir>/services/waitlist/src/modules/mail/templates'],
    },
    {
      // The public pages (`web.<page>.<part>`): one catalogue per language, loaded by a page before it hydrates.
      // The staff panel stays English and is left out.
      path: '<rootDir>/web/src/locales/{locale}',
      include: ['<rootDir>/web/src'],
      exclude: [
        '**/*.test.*',
        '<rootDir>/web/src/admin-main.tsx',
        '<rootDir>/web/src/app/admin-app.tsx',
        '<rootDir>/web/src/config/page-meta.ts',
        ...STATUS_SOURCES,
      ],
    },
    {
      // The pages of STATUS_SOURCES.
      path: '<rootDir>/web/src/locales/status/{locale}',
      include: [...STATUS_SOURCES],
      exclude: ['**/*.test.*'],
    },
    {
      // The pages' titles and descriptions: written into the pre-rendered <head>, needed in the browser only when a
      // link is followed on the client, so kept out of the catalogue every page loads first.
      path: '<rootDir>/web/src/locales/meta/{locale}',
      include: ['<rootDir>/web/src/config/page-meta.ts'],
    },
  ],
});
