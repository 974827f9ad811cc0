import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and read out after the label (not part of the label's name). */
  hint?: string;
}

export function TextField({ label, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="adm-field">
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={className ?? 'adm-input'} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <span id={hintId} className="adm-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
