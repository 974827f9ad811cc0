import { useResendConfirmation } from '../api/resend-confirmation.js';
import { RequestButton } from '../../../components/ui/request-button.js';

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
      <RequestButton
        label="Send me a new link"
        busyLabel="Sending..."
        className="button button--primary"
        pending={resend.isPending}
        failure={resend.isError && "We couldn't send a new link just now. Please try again in a moment."}
        onClick={() => resend.mutate(token)}
      />
    </div>
  );
}
