/**
 * Rollup plugin: a widget definition's `cssProperties`, `parts` and `events` are documentation (the
 * types generator reads them from the source into custom-elements.json; `defineWidget` never reads
 * them), so the bundles leave them out, and with them the strings they describe the theme with.
 */
import MagicString from 'magic-string';
import ts from 'typescript';

const DOCUMENTATION = new Set(['cssProperties', 'parts', 'events']);

/** The element file's code without the documentation fields of its `defineWidget({ … })` call (null: unchanged). */
export function withoutDocumentation(code, file) {
  const edit = new MagicString(code);
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineWidget') {
      const [definition] = node.arguments;
      for (const property of definition && ts.isObjectLiteralExpression(definition) ? definition.properties : []) {
        if (!property.name || !ts.isIdentifier(property.name) || !DOCUMENTATION.has(property.name.text)) continue;
        const end = property.getEnd();
        edit.remove(property.getFullStart(), code[end] === ',' ? end + 1 : end);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true));
  return edit.hasChanged() ? { code: edit.toString(), map: edit.generateMap({ hires: true, source: file }) } : null;
}

export function documentationOnly() {
  return {
    name: 'documentation-only',
    transform: (code, id) => (/\.element\.ts$/.test(id) ? withoutDocumentation(code, id) : null),
  };
}
