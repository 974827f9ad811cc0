import { auditParams } from '@mmdm/contracts/waitlist-admin';

/** The audit log's page: cursor, size and which feed (reads, changes or both), as the contract declares it. */
export const auditQuery = auditParams;
