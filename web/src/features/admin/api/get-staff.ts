import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryRetry, staffRequest } from './api-client.js';
import { adminKeys } from './query-keys.js';
import { staffAccountSchema } from './staff-schemas.js';

/** The contract says "staff list": accepted as a bare array or wrapped as `{items}`. */
const staffListSchema = z.union([
  z.array(staffAccountSchema),
  z.object({ items: z.array(staffAccountSchema) }).transform((page) => page.items),
]);

export function getStaff(signal?: AbortSignal) {
  return staffRequest('/api/admin/staff', staffListSchema, { signal });
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.staff, queryFn: ({ signal }) => getStaff(signal), retry: queryRetry });

export function useStaff(enabled = true) {
  return useQuery({ ...staffQueryOptions(), enabled });
}
