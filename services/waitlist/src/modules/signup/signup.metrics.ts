import { Counter, type Registry } from '@mmdm/shared/metrics';

export interface SignupMetrics {
  signups: Counter;
  confirmations: Counter;
}

/** The two numbers of launch day: sign-ups accepted and addresses confirmed. */
export function createSignupMetrics(registry: Registry): SignupMetrics {
  return {
    signups: new Counter({
      name: 'mmdm_signups_total',
      help: 'Sign-ups accepted (new addresses and repeats alike: the answer never tells them apart, nor does this)',
      registers: [registry],
    }),
    confirmations: new Counter({
      name: 'mmdm_confirmations_total',
      help: 'Addresses confirmed through their confirmation link',
      registers: [registry],
    }),
  };
}
