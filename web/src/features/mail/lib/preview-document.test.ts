import { describe, expect, it } from 'vitest';
import { applyPreviewStyles, previewDocument } from './preview-document.js';

describe('the mail preview document', () => {
  it('takes out scripts, handlers and javascript: links, and keeps the inline styles aside to apply through the CSSOM', () => {
    const { html, styles } = previewDocument(
      '<html><body style="margin:0"><p style="color: rgb(1, 2, 3)" onclick="x()">Hi</p><script>x()</script><a href="javascript:x()">a</a><a href="https://mmdm.test/confirm">b</a></body></html>',
    );
    expect(html).not.toMatch(/<script|onclick|javascript:| style=/);
    expect(html).toContain('href="https://mmdm.test/confirm"');
    expect(styles).toEqual(['margin:0', 'color: rgb(1, 2, 3)']);

    const loaded = new DOMParser().parseFromString(html, 'text/html');
    applyPreviewStyles(loaded, styles);
    expect(loaded.querySelector('p')?.style.color).toBe('rgb(1, 2, 3)');
    expect(loaded.body.style.margin).toBe('0px');
  });
});
