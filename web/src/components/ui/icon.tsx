import { icons, type IconName } from './icons.js';

export interface IconProps {
  /** A name from the icon set. Typed, but content can come from data: an unknown name warns and renders nothing. */
  name: IconName | (string & {});
  /** Accessible name; without one the icon is decorative and hidden from assistive technology. */
  label?: string;
  size?: number;
  className?: string;
}

function isIconName(name: string): name is IconName {
  return Object.prototype.hasOwnProperty.call(icons, name);
}

export function Icon({ name, label, size = 24, className }: IconProps) {
  if (!isIconName(name)) {
    // The requirement is a warning, not a crash: a typo in content must never take a page down.
    console.warn(`Icon: unknown icon name "${name}"`);
    return null;
  }
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {icons[name]}
    </svg>
  );
}
