import { paths } from '../../config/paths.js';

/** The main navigation, shared by the desktop bar and the phone menu. */
export const mainNav = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
] as const;
