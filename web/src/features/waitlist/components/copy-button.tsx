import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon.js';
import { i18n } from '../../../lib/i18n/i18n.js';

/** Copies a text to the clipboard and says so, politely, to screen readers too (`label`: the caller's, translated). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="copy-button">
      <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
        <Icon name={state === 'copied' ? 'check' : 'copy'} size={18} />
        {label}
      </button>
      <span className="copy-button__status" role="status">
        {state === 'copied'
          ? i18n._({ id: 'web.place.copy.copied', message: 'Copied!' })
          : state === 'failed'
            ? i18n._({ id: 'web.place.copy.failed', message: 'Copy failed: select the text and copy it.' })
            : ''}
      </span>
    </span>
  );
}
