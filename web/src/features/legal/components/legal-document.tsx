import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Language } from '@mmdm/contracts/languages';
import { PageHero } from '../../../components/layout/page-hero.js';
import { formatMonth } from '../../../lib/i18n/intl-format.js';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The words around every legal document in one language (content/frame.<language>.tsx). */
export interface LegalFrame {
  language: Language;
  eyebrow: string;
  /** "Last updated November 2026", given the month already formatted in the language. */
  lastUpdated: (month: string) => string;
  onThisPage: string;
  /**
   * A translation's notice: that it is one, that the English text prevails where they differ, and a link to that
   * text. Absent in English.
   */
  translationNotice?: (englishLink: (label: string) => ReactNode) => ReactNode;
}

/** One legal document in one language: content/<document>.<language>.tsx each export one as `content`. */
export interface LegalDocumentContent {
  frame: LegalFrame;
  title: string;
  /** The month the English text last changed; a translation carries the same month. */
  updated: { year: number; month: number };
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * A policy page: hero, last-updated date, a table of contents and numbered sections; in a translation, the notice that
 * the English text at `englishPath` prevails, above the text.
 */
export function LegalDocument({ content, englishPath }: { content: LegalDocumentContent; englishPath: string }) {
  const { frame, title, updated, intro, sections } = content;
  const englishLink = (label: string) => (
    <Link to={englishPath} hrefLang="en">
      {label}
    </Link>
  );
  return (
    <>
      <PageHero eyebrow={frame.eyebrow} title={title}>
        <p>{frame.lastUpdated(formatMonth(frame.language, updated.year, updated.month))}</p>
      </PageHero>
      <div className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-label={frame.onThisPage}>
            <h2 className="legal__toc-title">{frame.onThisPage}</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose legal__body">
            {frame.translationNotice ? (
              <p className="notice legal__notice">{frame.translationNotice(englishLink)}</p>
            ) : null}
            <div className="legal__intro">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}
