/** Text out of the HTML that content fields hold (excerpts, image descriptions). */

const TAG = /<[^>]*>/g;

/** Replaces every tag with a space, as the platform does for alt texts ("<b>a</b>" gives " a "). */
export function tagsToSpaces(html: string): string {
  return html.replace(TAG, ' ');
}

/** Whether HTML holds any text: not blank once its tags and whitespace are gone. */
export function hasText(html: string): boolean {
  return (
    tagsToSpaces(html)
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
