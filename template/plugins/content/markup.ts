/** Text out of the HTML that content fields hold (excerpts, image descriptions). */

/**
 * Replaces every tag (`<` to the next `>`) with a space, as the platform does for alt texts
 * ("<b>a</b>" gives " a "). A scan, not `/<[^>]*>/g`, which retries from every `<` of a long run
 * without a `>` (quadratic time).
 */
export function tagsToSpaces(html: string): string {
  let text = '';
  let from = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', from)) {
    const close = html.indexOf('>', open + 1);
    // No '>' after this '<': no tag starts here or later.
    if (close === -1) break;
    text += `${html.slice(from, open)} `;
    from = close + 1;
  }
  return from === 0 ? html : text + html.slice(from);
}

/** Whether HTML holds any text: not blank once its tags and whitespace are gone. */
export function hasText(html: string): boolean {
  return (
    tagsToSpaces(html)
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
