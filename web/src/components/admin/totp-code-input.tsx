import type { InputHTMLAttributes } from 'react';

/**
 * The field for an authenticator app's code, named `code`: six digits, a space allowed in the middle as the apps
 * show them ("123 456"), offered by the phone's one-time-code autofill and its number keypad.
 */
export function TotpCodeInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className="adm-input"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      {...props}
    />
  );
}
