import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at its top, and keyboard and screen-reader users land on its content. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
