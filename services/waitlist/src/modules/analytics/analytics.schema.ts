import { analyticsParams } from '@mmdm/contracts/waitlist-admin';

/** The analytics page's period (`from`, `to`: UTC days), as the contract declares it. */
export const analyticsQuery = analyticsParams;
