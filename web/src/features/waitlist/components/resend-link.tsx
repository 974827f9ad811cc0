import { useResendConfirmation } from '../api/resend-confirmation.js';
import { RequestButton } from '../../../components/ui/request-button.js';
import { i18n } from '../../../lib/i18n/i18n.js';

/** "Send me a new link" for an expired or used confirmation token. */
export function ResendLink({ token }: { token: string }) {
  const resend = useResendConfirmation();
  if (resend.isSuccess) {
    return (
      <p className="notice notice--success" role="status">
        {i18n._({
          id: 'web.resend.sent',
          message:
            'If your address still needs confirming, a new confirmation e-mail is on its way. Please check your inbox.',
        })}
      </p>
    );
  }
  return (
    <div>
      <RequestButton
        label={i18n._({ id: 'web.resend.action', message: 'Send me a new link' })}
        busyLabel={i18n._({ id: 'web.resend.sending', message: 'Sending...' })}
        className="button button--primary"
        pending={resend.isPending}
        failure={
          resend.isError &&
          i18n._({
            id: 'web.resend.failed',
            message: "We couldn't send a new link just now. Please try again in a moment.",
          })
        }
        onClick={() => resend.mutate(token)}
      />
    </div>
  );
}
