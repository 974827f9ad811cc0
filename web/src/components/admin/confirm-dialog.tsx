import { useEffect, useId, useRef, type ReactNode } from 'react';
import { keepTabInside } from '../ui/focus-trap.js';

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
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    keepTabInside(event, dialogRef.current, 'button:not([disabled])');
  };

  return (
    <div className="adm-dialog-backdrop">
      <div
        ref={dialogRef}
        className="adm-card adm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="adm-section-title">
          {title}
        </h2>
        <div id={bodyId}>{children}</div>
        {error && (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="adm-dialog__actions">
          <button ref={cancelRef} type="button" className="adm-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="adm-button adm-button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
