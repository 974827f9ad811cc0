import type { ReactNode } from 'react';
import { SectionHeading } from '../ui/section-heading.js';

/**
 * A content section of a public page: its heading (eyebrow, h2 and an optional lead) names the section for assistive
 * technology, and what follows goes in the page's container. `id` names the heading `${id}-title`.
 */
export function ContentSection({
  id,
  eyebrow,
  title,
  lead,
  tinted = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} aria-labelledby={titleId}>
      <div className="container">
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </section>
  );
}
