import { Fragment } from 'react';

/**
 * An e-mail address that, when it must wrap, wraps after its @ or before a dot (`<wbr>`), not in the middle of a name:
 * a long address on a phone reads `a-long-name@` / `example.com`, not `a-long-name@exa` / `mple.com`.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
