import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/admin/query-state.js';
import { useMailTemplatePreview, type MailTemplatePreview } from '../api/get-mail-template-preview.js';
import { useMailTemplates } from '../api/get-mail-templates.js';
import { applyPreviewStyles, previewDocument } from '../lib/preview-document.js';

/**
 * The rendered HTML in a sandboxed iframe: no scripts run in it (no `allow-scripts`), links cannot navigate, and
 * `allow-same-origin` only lets the panel put the mail's inline styles back (see preview-document.ts).
 */
function HtmlPreview({ preview }: { preview: MailTemplatePreview }) {
  const document = useMemo(() => previewDocument(preview.html), [preview.html]);
  return (
    <iframe
      className="adm-mail-preview__frame"
      title={`HTML of the ${preview.name} mail`}
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      srcDoc={document.html}
      onLoad={(event) => {
        const frame = event.currentTarget.contentDocument;
        if (frame) applyPreviewStyles(frame, document.styles);
      }}
    />
  );
}

/** Settings › Mail: every mail the service sends, as it goes out (sample data, this deployment's footer). */
export function MailSettings() {
  const templates = useMailTemplates();
  const [chosen, setChosen] = useState<string>();
  const name = chosen ?? templates.data?.items[0]?.name;
  const preview = useMailTemplatePreview(name);

  return (
    <div className="adm-stack">
      <section className="adm-card" aria-label="Mail templates">
        <h2 className="adm-section-title">Mail templates</h2>
        <p className="adm-muted">
          Every mail the service sends, rendered with sample data and this deployment&rsquo;s footer.
        </p>
        <QueryState query={templates} label="the mail templates" />
        {templates.data && (
          <ul className="adm-mail-templates">
            {templates.data.items.map((template) => (
              <li key={template.name}>
                <button
                  type="button"
                  className="adm-button adm-button--small"
                  aria-pressed={template.name === name}
                  onClick={() => setChosen(template.name)}
                >
                  {template.name}
                </button>{' '}
                <span className="adm-muted">{template.description}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {name && (
        <section className="adm-card" aria-label={`Preview of the ${name} mail`}>
          <QueryState query={preview} label="the preview" />
          {preview.data && (
            <>
              <h2 className="adm-section-title">Subject: {preview.data.subject}</h2>
              <h3 className="adm-section-title">HTML part</h3>
              <HtmlPreview preview={preview.data} />
              <h3 className="adm-section-title">Text part</h3>
              <pre className="adm-mail-preview__text" aria-label={`Text of the ${preview.data.name} mail`}>
                {preview.data.text}
              </pre>
            </>
          )}
        </section>
      )}
    </div>
  );
}
