import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** Extra class for the wrapper (e.g. inline in a toolbar). */
  fieldClassName?: string;
  children: ReactNode;
}

/**
 * A labelled select. The label points at the select instead of wrapping it: a wrapping label would make the chosen
 * option part of the field's accessible name ("Role Viewer").
 */
export function SelectField({ label, fieldClassName, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={fieldClassName ? `adm-field ${fieldClassName}` : 'adm-field'}>
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className={className ?? 'adm-input'} {...select}>
        {children}
      </select>
    </div>
  );
}
