import { Fragment } from 'react';

/**
 * An address in a staff table: it may wrap after its @, before its dots and after its hyphens (<wbr>), where a reader
 * breaks a line too, never inside a part (each part is `white-space: nowrap`). The hyphens matter: a domain such as
 * "mail-domain-that-did-not-resolve" is one 32-character part, and kept whole it alone made the Users table wider
 * than a 1280 px screen.
 */
export function TableEmail({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)|(?<=-)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="adm-nobreak">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

/** Text with addresses in it ("Created staff account ana@example.com"): the addresses wrap as TableEmail does. */
export function TextWithEmails({ text }: { text: string }) {
  const pieces = text.split(/(\S+@\S+)/);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 1 ? <TableEmail key={index} address={piece} /> : <Fragment key={index}>{piece}</Fragment>,
      )}
    </>
  );
}
