import type { MessageDescriptor } from '@lingui/core';
import { paths } from '../../config/paths.js';

/** The main navigation, shared by the desktop bar and the phone menu (unprefixed paths; labels to translate). */
export const mainNav: readonly { to: string; label: MessageDescriptor }[] = [
  { to: paths.home, label: /*i18n*/ { id: 'web.nav.home', message: 'Home' } },
  { to: paths.about, label: /*i18n*/ { id: 'web.nav.about', message: 'About' } },
  { to: paths.contact, label: /*i18n*/ { id: 'web.nav.contact', message: 'Contact' } },
];
