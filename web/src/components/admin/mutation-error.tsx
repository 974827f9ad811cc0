import { errorMessage } from '../../lib/staff-api.js';

interface MutationErrorProps {
  mutation: { isError: boolean; error: unknown };
  /** How the failure is put to the person; the server's sentence by default. */
  describe?: (error: unknown) => string;
}

/** Why an action (a form's submit, a button's request) failed, announced at once; nothing until it has failed. */
export function MutationError({ mutation, describe = errorMessage }: MutationErrorProps) {
  if (!mutation.isError) return null;
  return (
    <p className="adm-alert adm-alert--error" role="alert">
      {describe(mutation.error)}
    </p>
  );
}
