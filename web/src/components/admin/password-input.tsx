import type { InputHTMLAttributes } from 'react';

/** The field for a staff member's own password, named `password`: offered by password managers as the current one. */
export function CurrentPasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input className="adm-input" name="password" type="password" autoComplete="current-password" required {...props} />
  );
}
