// The shape of each content page's text, one module per language (content/<page>.<language>.ts): a translation
// annotated with these types fails the typecheck when it misses a field. Facts (pictures, icons, links) are repeated
// in every language's data; content-pages.test.tsx checks they match the English ones.
import type { Faq } from '../data/faqs.js';
import type { Feature } from '../data/features.js';
import type { Step } from '../data/how-it-works.js';
import type { EmployeeQuote, TeamMember, Value } from '../data/team.js';
import type { Testimonial } from '../data/testimonials.js';

export interface HeroText {
  eyebrow: string;
  title: string;
  lead: string;
}

export interface SectionText {
  eyebrow: string;
  title: string;
}

/** What the home and about pages share: the members' quotes, the call to join and the portraits' alt text. */
export interface MarketingShared {
  testimonials: SectionText & { lead: string; quotes: readonly Testimonial[] };
  cta: { title: string; body: string; button: string };
  /** A portrait's alt text: "Portrait of Amara O.". */
  portraitOf: (name: string) => string;
}

export interface HomeContent {
  hero: HeroText & { getStarted: string; howItWorks: string };
  why: SectionText & { lead: string; features: readonly Feature[] };
  shared: MarketingShared;
}

export interface AboutContent {
  hero: HeroText;
  mission: SectionText & { paragraphs: readonly string[] };
  how: SectionText & { steps: readonly Step[] };
  shared: MarketingShared;
}

export interface FaqsContent {
  hero: HeroText;
  /** The accessible name of the questions' section. */
  sectionLabel: string;
  faqs: readonly Faq[];
  /** "Still have a question? [Contact us] and we'll get back to you." */
  more: { before: string; link: string; after: string };
}

export interface TeamsContent {
  hero: HeroText;
  stats: { label: string; items: readonly { value: string; label: string }[] };
  leadership: SectionText & { members: readonly TeamMember[] };
  values: SectionText & { items: readonly Value[] };
  quotes: SectionText & { items: readonly EmployeeQuote[] };
  join: { title: string; body: string; button: string };
  portraitOf: (name: string) => string;
  /** A social link's accessible name: "Sofia Marin on LinkedIn (opens in a new tab)". */
  onNetwork: (name: string, network: string) => string;
}
