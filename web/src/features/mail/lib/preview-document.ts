/**
 * A mail's HTML made safe to show inside the panel. It goes into an iframe whose sandbox allows no scripts, forms,
 * pop-ups or navigation; on top of that, scripts, event handlers, forms, embeds and <base> are removed here.
 *
 * The iframe (srcdoc) inherits the panel's Content-Security-Policy, which allows no inline styles, and mails are
 * styled inline. So the style attributes are taken out here and applied after loading through the CSSOM
 * (`element.style.cssText`), which the policy does not govern: the mail looks as it will in an inbox while the
 * panel's policy stays as strict as before. <style> blocks (only the mail's media queries) are dropped.
 */
export interface PreviewDocument {
  html: string;
  /** The style text of each element marked `data-preview-style="<index>"`. */
  styles: string[];
}

const REMOVED = 'script, style, iframe, frame, object, embed, form, base, meta[http-equiv], link';

export function previewDocument(mailHtml: string): PreviewDocument {
  const document = new DOMParser().parseFromString(mailHtml, 'text/html');
  for (const element of document.querySelectorAll(REMOVED)) element.remove();
  const styles: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || attribute.value.trim().toLowerCase().startsWith('javascript:'))
        element.removeAttribute(attribute.name);
    }
    const style = element.getAttribute('style');
    if (style !== null) {
      element.setAttribute('data-preview-style', String(styles.length));
      element.removeAttribute('style');
      styles.push(style);
    }
  }
  return { html: `<!doctype html>${document.documentElement.outerHTML}`, styles };
}

/** Puts the styles back on the loaded iframe's elements through the CSSOM. */
export function applyPreviewStyles(frameDocument: Document, styles: string[]): void {
  for (const element of frameDocument.querySelectorAll<HTMLElement>('[data-preview-style]')) {
    const style = styles[Number(element.dataset.previewStyle)];
    if (style !== undefined) element.style.cssText = style;
  }
}
