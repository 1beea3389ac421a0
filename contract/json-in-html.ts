/** Characters that may end or change a `<script>` element's text, or end a line in older JavaScript. */
const UNSAFE_IN_HTML = /[<>&\u2028\u2029]/g;

const ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text of `value` to write inside an HTML page (a `<script type="application/json">`, JSON-LD):
 * `<`, `>`, `&`, U+2028 and U+2029 become `\uXXXX` escapes, so no value can close the element,
 * open a comment or script in it, or break a parser that reads it as JavaScript; `JSON.parse` gives
 * back the same value. `undefined` (and functions) give `null`.
 */
export function jsonForHtml(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  return text.replace(UNSAFE_IN_HTML, (c) => ESCAPES[c] as string);
}
