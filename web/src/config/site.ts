import type { IconName } from '../components/ui/icons.js';

/** Fixed facts about the company shown across the site. */
export const site = {
  name: 'Meet Match Date Marry',
  shortName: 'MMDM',
  tagline: 'The future of Dating and Friendships',
  contact: {
    email: 'hello@meetmatchdatemarry.com',
    supportEmail: 'support@meetmatchdatemarry.com',
    privacyEmail: 'privacy@meetmatchdatemarry.com',
    phoneDisplay: '+1 (415) 555-0142',
    phoneHref: 'tel:+14155550142',
    address: [
      'Meet Match Date Marry, Inc.',
      '548 Market Street, Suite 300',
      'San Francisco, CA 94104',
      'United States',
    ],
  },
} as const;

export interface SocialLink {
  href: string;
  label: string;
  icon: IconName;
}

export const socialLinks: readonly SocialLink[] = [
  { href: 'https://www.instagram.com/meetmatchdatemarry', label: 'Instagram', icon: 'instagram' },
  { href: 'https://x.com/meetmatchdate', label: 'X', icon: 'x' },
  { href: 'https://www.youtube.com/@meetmatchdatemarry', label: 'YouTube', icon: 'youtube' },
  { href: 'https://www.tiktok.com/@meetmatchdatemarry', label: 'TikTok', icon: 'tiktok' },
  { href: 'https://bsky.app/profile/meetmatchdatemarry.com', label: 'Bluesky', icon: 'bluesky' },
  { href: 'https://www.threads.net/@meetmatchdatemarry', label: 'Threads', icon: 'threads' },
  { href: 'https://www.pinterest.com/meetmatchdatemarry', label: 'Pinterest', icon: 'pinterest' },
  { href: 'https://www.linkedin.com/company/meetmatchdatemarry', label: 'LinkedIn', icon: 'linkedin' },
];
