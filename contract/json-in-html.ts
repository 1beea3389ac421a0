/**
 * JSON written inside an HTML `<script>` element: `<`, `>` and `&` as `\u003c` … so no `</script>`
 * or comment opener can end the element early, and U+2028 / U+2029 escaped for older JavaScript
 * parsers. The text is still the same JSON.
 */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
