/** `AbsUrl`: a site path made absolute with the page's `base-url`. */
import type { FormatContext } from '../../plugin';
import { scalarText } from '../commerce/fields';
import { trimChar } from '../../../contract/trim-char';

/** `base-url` + "/" + the path, with one slash between them; "" for a value that is not text. */
export function absoluteUrl(ctx: FormatContext, path: unknown): string {
  if (typeof path !== 'string' && typeof path !== 'number') return '';
  const base = trimChar(scalarText(ctx.resolve('base-url')), '/', 'end');
  return `${base}/${trimChar(String(path), '/', 'start')}`;
}
