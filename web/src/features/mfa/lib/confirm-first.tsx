import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { ReauthDialog } from '../components/reauth-dialog.js';

/** Runs a change of factors; when the service asks who is there (403 `reauth_required`), asks, then runs it again. */
export type ConfirmFirst = <T>(work: () => Promise<T>) => Promise<T>;

const isReauthRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'reauth_required';

// Outside Settings (the enrolment right after the password) nothing is asked: the password was just given.
const ConfirmFirstContext = createContext<ConfirmFirst>((work) => work());

export function useConfirmFirst(): ConfirmFirst {
  return useContext(ConfirmFirstContext);
}

interface Pending {
  confirmed: () => void;
  cancelled: () => void;
}

/**
 * Changing how the account signs in needs the password or a current code from the last 5 minutes (ASVS 5.0 V6): the
 * service is the judge, and this asks only when it says so. Cancelling leaves the action failed with the service's
 * own sentence.
 */
export function ConfirmFirstProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending>();
  const confirmFirst = useCallback<ConfirmFirst>(async (work) => {
    try {
      return await work();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        setPending({
          confirmed: () => {
            setPending(undefined);
            resolve();
          },
          cancelled: () => {
            setPending(undefined);
            reject(error);
          },
        });
      });
      return work();
    }
  }, []);
  return (
    <ConfirmFirstContext.Provider value={confirmFirst}>
      {children}
      {pending && <ReauthDialog onConfirmed={pending.confirmed} onCancel={pending.cancelled} />}
    </ConfirmFirstContext.Provider>
  );
}
