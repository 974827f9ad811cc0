import { MAX_EMAIL_LENGTH } from '@mmdm/contracts/limits';
import type { ComponentProps } from 'react';

type EmailFieldProps = { id: string; label: string } & Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'required'
>;

/** The e-mail address of a public form: a required field named `email`, as long as an address may be. */
export function EmailField({ id, label, ...input }: EmailFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_EMAIL_LENGTH}
        required
        {...input}
      />
    </div>
  );
}
