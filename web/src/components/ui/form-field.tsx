import { MAX_EMAIL_LENGTH } from '@mmdm/contracts/limits';
import type { ComponentProps, ReactNode } from 'react';

type InputProps = Omit<ComponentProps<'input'>, 'id'>;

/**
 * A labelled input of a public form, with an optional hint under it that is read out after the label (its id is the
 * input's plus `-hint`). The fields are uncontrolled: what is typed before the app has loaded survives hydration.
 */
export function FormField({ id, label, hint, ...input }: { id: string; label: string; hint?: ReactNode } & InputProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-describedby={input['aria-describedby'] ?? (hint ? hintId : undefined)} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The e-mail address of a public form: a required field named `email`, as long as an address may be. */
export function EmailField(
  props: { id: string; label: string } & Omit<
    InputProps,
    'name' | 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'required'
  >,
) {
  return (
    <FormField
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={MAX_EMAIL_LENGTH}
      required
      {...props}
    />
  );
}
