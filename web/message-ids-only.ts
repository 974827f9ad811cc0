import ts from 'typescript';
import type { PluginOption } from 'vite';

/*
 * A public page's texts come from its language's catalogue, loaded before it renders (src/lib/i18n/i18n.ts), English
 * included: the English text beside each id in the code (`i18n._({ id: 'web.…', message: '…' })`) is what the
 * catalogues are extracted from, and in the browser it would only be a second copy. In the public build each such
 * descriptor keeps its id (and values) and drops its message and its translators' comment, as Lingui's own macro
 * does in production; the pre-renderer's bundle keeps them. On the syntax tree, not with a pattern (as
 * call-request-lines.ts).
 */
const WEB_SOURCE = /[\\/]web[\\/]src[\\/](?!locales[\\/]).+\.tsx?$/;

/** What only the catalogues read: the English text and the note to translators. */
const CATALOGUE_ONLY = new Set(['message', 'comment']);

function isWebMessage(node: ts.ObjectLiteralExpression): boolean {
  return node.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === 'id' &&
      ts.isStringLiteralLike(property.initializer) &&
      property.initializer.text.startsWith('web.'),
  );
}

function dropMessages(context: ts.TransformationContext) {
  const { factory } = context;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isObjectLiteralExpression(node) && isWebMessage(node)) {
      const kept = node.properties.filter(
        (property) =>
          !(
            ts.isPropertyAssignment(property) &&
            ts.isIdentifier(property.name) &&
            CATALOGUE_ONLY.has(property.name.text)
          ),
      );
      return ts.visitEachChild(factory.updateObjectLiteralExpression(node, kept), visit, context);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (source: ts.SourceFile) => ts.visitNode(source, visit) as ts.SourceFile;
}

/** Drops the English text beside each public-page message id in the browser build (see above). */
export function messageIdsOnly(): PluginOption {
  return {
    name: 'mmdm-message-ids-only',
    enforce: 'pre',
    transform(code: string, id: string) {
      if (!WEB_SOURCE.test(id) || !code.includes("'web.")) return null;
      const kind = id.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, kind);
      const [kept] = ts.transform(source, [dropMessages]).transformed;
      return { code: ts.createPrinter().printFile(kept as ts.SourceFile), map: null };
    },
  };
}
