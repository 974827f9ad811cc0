import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog.js';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. Focus starts on "Cancel" (the safe choice), stays inside the dialog,
 * and returns to where it was when the dialog closes; Escape cancels.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog
      title={title}
      role="alertdialog"
      describedBy={bodyId}
      busy={busy}
      onCancel={onCancel}
      initialFocus="[data-cancel]"
      tabbable="button:not([disabled])"
    >
      <div id={bodyId}>{children}</div>
      {error && (
        <p className="adm-alert adm-alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-dialog__actions">
        <button type="button" className="adm-button" data-cancel onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="adm-button adm-button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
