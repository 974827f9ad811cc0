import { site } from '../../config/site.js';

/** The wordmark: two interlocking hearts and the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <rect width="36" height="36" rx="10" className="logo__tile" />
        <path
          className="logo__heart logo__heart--back"
          d="M21.5 27s-7.5-4.6-7.5-10.2a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6c0 5.6-7.5 10.2-7.5 10.2z"
        />
        <path
          className="logo__heart"
          d="M14.5 25s-7.5-4.6-7.5-10.2a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6C22 20.4 14.5 25 14.5 25z"
        />
      </svg>
      <span className="logo__text">{site.name}</span>
    </span>
  );
}
