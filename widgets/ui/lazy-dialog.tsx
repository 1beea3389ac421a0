import type { DialogProps } from './dialog';
import { lazyPart, LoadFailed, useLazyPart } from './lazy-part';

const dialog = lazyPart<DialogProps>({
  id: 'dialog',
  code: () => import('./dialog').then((m) => m.Dialog),
  styles: () => import('./dialog-styles').then((m) => m.DIALOG_STYLES),
});

/**
 * `Dialog` while `open`, with its code and its CSS (a chunk of styles only) fetched when a dialog
 * first opens (not with the widget): a click-only part stays out of the bytes a page loads before
 * any interaction. The CSS is added before the dialog renders, so it looks right on first paint.
 * When either cannot load, the dialog closes (`onClose`), the widget says so, and the next open
 * tries again.
 */
export function LazyDialog({ open, ...props }: DialogProps & { open: boolean }) {
  const { Part, failed } = useLazyPart(dialog, open, props.onClose);
  if (Part) return <Part {...props} />;
  return failed ? <LoadFailed /> : null;
}
