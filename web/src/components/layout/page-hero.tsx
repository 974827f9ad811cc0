import type { ReactNode } from 'react';

/** The banner at the top of every inner page; holds the page's one h1. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container page-hero__inner">
        {eyebrow ? <p className="eyebrow eyebrow--light">{eyebrow}</p> : null}
        <h1 id="page-title">{title}</h1>
        {children ? <div className="page-hero__lead">{children}</div> : null}
      </div>
    </section>
  );
}
