import { useResendConfirmation } from '../api/resend-confirmation.js';

/** "Send me a new link" for an expired or used confirmation token. */
export function ResendLink({ token }: { token: string }) {
  const resend = useResendConfirmation();
  if (resend.isSuccess) {
    return (
      <p className="notice notice--success" role="status">
        If your address still needs confirming, a new confirmation e-mail is on its way. Please check your inbox.
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        className="button button--primary"
        disabled={resend.isPending}
        onClick={() => resend.mutate(token)}
      >
        {resend.isPending ? 'Sending...' : 'Send me a new link'}
      </button>
      {resend.isError ? (
        <p className="error-box" role="alert">
          We couldn't send a new link just now. Please try again in a moment.
        </p>
      ) : null}
    </div>
  );
}
