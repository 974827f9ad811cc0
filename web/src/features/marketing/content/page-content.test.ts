import { describe, expect, it } from 'vitest';
import { content as aboutEn } from './about.en.js';
import { content as faqsEn } from './faqs.en.js';
import { content as homeEn } from './home.en.js';
import type { AboutContent, FaqsContent, HomeContent, TeamsContent } from './page-content.js';
import { content as teamsEn } from './teams.en.js';

// Every translation, loaded the way the build finds them: one module per page and language.
const home = import.meta.glob<{ content: HomeContent }>('./home.{es,pt,de,fr}.ts', { eager: true });
const about = import.meta.glob<{ content: AboutContent }>('./about.{es,pt,de,fr}.ts', { eager: true });
const faqs = import.meta.glob<{ content: FaqsContent }>('./faqs.{es,pt,de,fr}.ts', { eager: true });
const teams = import.meta.glob<{ content: TeamsContent }>('./teams.{es,pt,de,fr}.ts', { eager: true });

const translations = ['es', 'pt', 'de', 'fr'] as const;
const of = <T>(modules: Record<string, { content: T }>, page: string, language: string): T => {
  const module = modules[`./${page}.${language}.ts`];
  if (!module) throw new Error(`no ${page} page in ${language}`);
  return module.content;
};

/** What is not text: the same people, pictures, icons and links in every language, in the same order. */
const facts = {
  home: (content: HomeContent) => ({
    features: content.why.features.map((feature) => feature.icon),
    quotes: content.shared.testimonials.quotes.map(({ author, avatar }) => ({ author, avatar })),
  }),
  about: (content: AboutContent) => ({
    steps: content.how.steps.map((step) => step.icon),
    paragraphs: content.mission.paragraphs.length,
    quotes: content.shared.testimonials.quotes.map(({ author, avatar }) => ({ author, avatar })),
  }),
  faqs: (content: FaqsContent) => ({ questions: content.faqs.length }),
  teams: (content: TeamsContent) => ({
    stats: content.stats.items.length,
    members: content.leadership.members.map(({ name, image, roleColor, social }) => ({
      name,
      image,
      roleColor,
      social,
    })),
    values: content.values.items.map((value) => value.icon),
    quotes: content.quotes.items.map(({ author, avatar }) => ({ author, avatar })),
  }),
};

describe.each(translations.map((language) => ({ language })))('the marketing pages in $language', ({ language }) => {
  it('show the same people, pictures, icons, questions and links as in English', () => {
    expect(facts.home(of(home, 'home', language))).toEqual(facts.home(homeEn));
    expect(facts.about(of(about, 'about', language))).toEqual(facts.about(aboutEn));
    expect(facts.faqs(of(faqs, 'faqs', language))).toEqual(facts.faqs(faqsEn));
    expect(facts.teams(of(teams, 'teams', language))).toEqual(facts.teams(teamsEn));
  });

  it('write prices and distances the way the language does (Intl)', () => {
    const answers = of(faqs, 'faqs', language)
      .faqs.map((faq) => faq.answer)
      .join(' ');
    const price = { es: '9,99 US$', pt: '9,99 US$', de: '9,99 $', fr: '9,99 $US' }[language];
    const miles = { es: '100 millas', pt: '100 milhas', de: '100 Meilen', fr: '100 miles' }[language];
    expect(answers.replace(/\s/g, ' ')).toContain(price);
    expect(answers.replace(/\s/g, ' ')).toContain(miles);
  });
});
