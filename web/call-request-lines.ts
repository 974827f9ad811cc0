import ts from 'typescript';
import type { PluginOption } from 'vite';

/*
 * A call declaration of @mmdm/contracts/calls holds everything the OpenAPI document and the services need: prose,
 * request schemas, answers, errors, access. The browser reads only its method and path (each fetcher names the
 * answer schema it parses), and the public pages count every byte: in the web build, each `defineCall({...})`
 * keeps those two properties, and what only the rest referred to (prose, request schemas) is tree-shaken. Done on
 * the syntax tree, not with a pattern, so a change of formatting cannot make it keep too much or too little.
 */
const CALLS_MODULE = /[\\/]services[\\/]contracts[\\/]src[\\/]calls[\\/][\w-]+\.ts$/;
const KEPT = new Set(['method', 'path']);

function keepRequestLine(context: ts.TransformationContext) {
  const { factory } = context;
  const visit = (node: ts.Node): ts.Node => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineCall' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      const kept = node.arguments[0].properties.filter(
        (property) => property.name && ts.isIdentifier(property.name) && KEPT.has(property.name.text),
      );
      return factory.updateCallExpression(node, node.expression, node.typeArguments, [
        factory.createObjectLiteralExpression(kept, true),
      ]);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (source: ts.SourceFile) => ts.visitNode(source, visit) as ts.SourceFile;
}

/** Keeps only the method and path of the call declarations the web app bundles (see above). */
export function callRequestLinesOnly(): PluginOption {
  return {
    name: 'mmdm-call-request-lines-only',
    enforce: 'pre',
    transform(code: string, id: string) {
      if (!CALLS_MODULE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const [kept] = ts.transform(source, [keepRequestLine]).transformed;
      return { code: ts.createPrinter().printFile(kept as ts.SourceFile), map: null };
    },
  };
}
