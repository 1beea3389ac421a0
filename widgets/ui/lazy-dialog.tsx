import { lazy, Suspense } from 'react';
import { ensureStyles } from '../../runtime/ensure-styles';
import type { DialogProps } from './dialog';

const Dialog = lazy(() =>
  import('./dialog').then((m) => {
    ensureStyles('store-dialog', m.DIALOG_STYLES);
    return { default: m.Dialog };
  }),
);

/**
 * `Dialog`, with its code and its CSS fetched when a dialog first opens (not with the widget): a
 * click-only part stays out of the bytes a page loads before any interaction. The CSS is added
 * before the dialog renders, so it looks right on first paint.
 */
export function LazyDialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
