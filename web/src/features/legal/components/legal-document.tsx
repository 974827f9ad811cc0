import type { ReactNode } from 'react';
import { PageHero } from '../../../components/layout/page-hero.js';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy page: hero, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: ReactNode;
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>Last updated {updated}</p>
      </PageHero>
      <div className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-label="On this page">
            <h2 className="legal__toc-title">On this page</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose legal__body">
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
