import { useEffect, useId, useRef, type ReactNode } from 'react';
import { keepTabInside } from '../ui/focus-trap.js';

interface DialogProps {
  title: string;
  /** `alertdialog` asks before something that cannot be undone; `dialog` asks for something (a password, a code). */
  role: 'dialog' | 'alertdialog';
  /** The id of the element that says what the dialog is about (aria-describedby). */
  describedBy: string;
  /** While true, Escape does not cancel: an answer is on its way. */
  busy: boolean;
  onCancel: () => void;
  /** Where focus starts (the first match), and again whenever `focusKey` changes. */
  initialFocus: string;
  focusKey?: unknown;
  /** What Tab moves between; focus never leaves the dialog. */
  tabbable: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the staff pages: focus starts where `initialFocus` says, stays inside, and returns where it
 * was when the dialog closes; Escape cancels unless an answer is on its way.
 */
export function Dialog({
  title,
  role,
  describedBy,
  busy,
  onCancel,
  initialFocus,
  focusKey,
  tabbable,
  children,
}: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => previous?.focus();
  }, []);
  useEffect(() => dialogRef.current?.querySelector<HTMLElement>(initialFocus)?.focus(), [initialFocus, focusKey]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    keepTabInside(event, dialogRef.current, tabbable);
  };

  return (
    <div className="adm-dialog-backdrop">
      <div
        ref={dialogRef}
        className="adm-card adm-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="adm-section-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
