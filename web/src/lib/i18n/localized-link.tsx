import { forwardRef, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { localizedPath, usePageLanguage } from './page-language.js';

/**
 * A link to one of our pages in the page's own language: `to` is the unprefixed path (`paths.waitlist`), shown as
 * `/es/waitlist` on a Spanish page. A query or hash after the path is kept.
 */
export const LocalizedLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link> & { to: string }>(
  function LocalizedLink({ to, ...rest }, ref) {
    const language = usePageLanguage();
    const [path = '/', tail = ''] = /^([^?#]*)(.*)$/.exec(to)?.slice(1) ?? [];
    return <Link ref={ref} to={`${localizedPath(path || '/', language)}${tail}`} {...rest} />;
  },
);
