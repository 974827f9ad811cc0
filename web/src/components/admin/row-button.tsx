import type { ReactNode } from 'react';

interface RowButtonProps {
  /** What it does to which row, for screen readers: "Remove Lisbon", "Approve the credit of ann@example.com". */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A button that removes, deletes or rejects. */
  danger?: boolean;
  children: ReactNode;
}

/** A small button in a table row. */
export function RowButton({ label, onClick, disabled, danger, children }: RowButtonProps) {
  return (
    <button
      type="button"
      className={danger ? 'adm-button adm-button--small adm-button--danger' : 'adm-button adm-button--small'}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
