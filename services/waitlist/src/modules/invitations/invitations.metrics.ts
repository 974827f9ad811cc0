import { Counter, type Registry } from '@mmdm/shared/metrics';

export interface InvitationsMetrics {
  invited: Counter;
  admitted: Counter;
}

/** Launch day's last two numbers: people let through by the waves, and people who took the invitation up. */
export function createInvitationsMetrics(registry: Registry): InvitationsMetrics {
  return {
    invited: new Counter({
      name: 'mmdm_invitations_total',
      help: 'People invited by invitation waves (each owed one invitation mail through the outbox)',
      registers: [registry],
    }),
    admitted: new Counter({
      name: 'mmdm_invitations_admitted_total',
      help: 'Invitations accepted: people admitted (a second accept of the same invitation is not counted)',
      registers: [registry],
    }),
  };
}
