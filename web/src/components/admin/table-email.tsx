import { Fragment } from 'react';

/** Text that may wrap only between the given parts (<wbr>), never inside one (each part is `white-space: nowrap`). */
function WrapBetween({ parts }: { parts: string[] }) {
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

/**
 * An address in a staff table: it may wrap after its @, before its dots and after its hyphens, where a reader breaks
 * a line too, never inside a part. The hyphens matter: a domain such as "mail-domain-that-did-not-resolve" is one
 * 32-character part, and kept whole it alone made the Users table wider than a 1280 px screen.
 */
export function TableEmail({ address }: { address: string }) {
  return <WrapBetween parts={address.split(/(?<=@)|(?=\.)|(?<=-)/)} />;
}

/**
 * A referral code or campaign name in a staff table: it may wrap after its hyphens and underscores, as an address
 * does; a 64-character campaign code kept whole made the Users table wider than its card.
 */
export function TableCode({ code }: { code: string }) {
  return <WrapBetween parts={code.split(/(?<=[-_])/)} />;
}

/**
 * Text with addresses or quoted terms in it ("Created staff account ana@example.com", "Searched entries for
 * “jo-anne”"): an address wraps as TableEmail does, a quoted term of one word as TableCode does (after its hyphens
 * and underscores), never inside a part.
 */
export function TextWithEmails({ text }: { text: string }) {
  const pieces = text.split(/(\S+@\S+|“[^”\s]*”)/);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 0 ? (
          <Fragment key={index}>{piece}</Fragment>
        ) : piece.includes('@') ? (
          <TableEmail key={index} address={piece} />
        ) : (
          <TableCode key={index} code={piece} />
        ),
      )}
    </>
  );
}
