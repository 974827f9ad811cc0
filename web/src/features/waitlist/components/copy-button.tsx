import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon.js';

/** Copies a text to the clipboard and says so, politely, to screen readers too. */
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
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select the text and copy it.' : ''}
      </span>
    </span>
  );
}
