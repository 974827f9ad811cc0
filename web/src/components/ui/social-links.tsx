import { socialLinks } from '../../config/site.js';
import { Icon } from './icon.js';

/** Our profiles on every network, each opening in a new tab and named by its network. */
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
            aria-label={`${link.label} (opens in a new tab)`}
          >
            <Icon name={link.icon} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
