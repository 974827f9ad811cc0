import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with numbered elements in it (`One click and <0>{email}</0> is on the list.`), each numbered
 * part rendered by its function. Lingui's <Trans> does the same through a React context; the public pages read the one
 * i18n instance instead (a page's language never changes while it is open), so this is all they need of it.
 */
export function richText(text: string, elements: Record<number, (inner: string) => ReactNode>): ReactNode {
  // split() with two groups gives [text, index, inner, text, index, inner, ..., text].
  const parts = text.split(/<(\d+)>([\s\S]*?)<\/\1>/);
  return parts.map((part, position) => {
    if (position % 3 === 0) return part === '' ? null : <Fragment key={position}>{part}</Fragment>;
    if (position % 3 === 2) return null;
    const render = elements[Number(part)];
    const inner = parts[position + 1] ?? '';
    return <Fragment key={position}>{render ? render(inner) : inner}</Fragment>;
  });
}
