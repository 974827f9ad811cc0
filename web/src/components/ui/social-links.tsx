import { socialLinks } from '../../config/site.js';
import { i18n } from '../../lib/i18n/i18n.js';
import { Icon } from './icon.js';

/** Our profiles on every network, each opening in a new tab and named by its network (a name in every language). */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={className ? `social-links ${className}` : 'social-links'}>
      {socialLinks.map((link) => (
        <li key={link.label}>
          <a
            className="social-links__link"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={i18n._({
              id: 'web.social.newTab',
              message: '{network} (opens in a new tab)',
              values: { network: link.label },
            })}
          >
            <Icon name={link.icon} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
