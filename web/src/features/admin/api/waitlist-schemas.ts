import { z } from 'zod';

export const ENTRY_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const waitlistEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  status: z.enum(ENTRY_STATUSES),
  referralSource: z.string().nullish(),
  referralCode: z.string().nullish(),
  createdAt: z.string(),
  confirmedAt: z.string().nullish(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
