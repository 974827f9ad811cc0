import { HONEYPOT_FIELD } from '@mmdm/contracts/limits';

/**
 * A honeypot: out of sight, out of the tab order and of assistive technology; form-filling scripts fill it, and the
 * service drops what they send. `idPrefix` is the form's own id, `className` the form's class that hides it.
 */
export function HoneypotField({ idPrefix, className }: { idPrefix: string; className: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className={className} inert>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
