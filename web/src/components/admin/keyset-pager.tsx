import { useState } from 'react';

/**
 * The pages of a keyset-paged list seen so far: the service hands out `nextCursor`, and going back reuses the cursors
 * of the pages already seen, so no page is ever counted with OFFSET. A new filter starts again at the first page (give
 * the list a `key` that changes with it).
 */
export interface KeysetPages {
  /** The cursor of the page shown: null for the first. */
  cursor: string | null;
  /** 1 for the first page. */
  pageNumber: number;
  previous(): void;
  next(nextCursor: string): void;
}

export function useKeysetPages(): KeysetPages {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    pageNumber: cursors.length,
    previous: () => setCursors((seen) => seen.slice(0, -1)),
    next: (nextCursor) => setCursors((seen) => [...seen, nextCursor]),
  };
}

/**
 * Previous, the page number and Next under a keyset-paged table. Next waits while the page shown is the one before
 * (placeholder data), so a quick second press never skips a page.
 */
export function KeysetPager({
  pages,
  nextCursor,
  waiting,
}: {
  pages: KeysetPages;
  nextCursor: string | null | undefined;
  waiting: boolean;
}) {
  return (
    <nav className="adm-pager" aria-label="Pages">
      <button type="button" className="adm-button" onClick={pages.previous} disabled={pages.pageNumber === 1}>
        Previous
      </button>
      <span className="adm-muted">Page {pages.pageNumber}</span>
      <button
        type="button"
        className="adm-button"
        onClick={() => nextCursor && pages.next(nextCursor)}
        disabled={!nextCursor || waiting}
      >
        Next
      </button>
    </nav>
  );
}
