import { lazy, Suspense } from 'react';
import type { DialogProps } from './dialog';

const Dialog = lazy(() => import('./dialog').then((m) => ({ default: m.Dialog })));

/**
 * `Dialog`, with its code fetched when a dialog first opens (not with the widget): a click-only
 * part stays out of the bytes a page loads before any interaction. Its CSS comes with the
 * widget's styles (dialog-styles.ts), so it looks right on first paint.
 */
export function LazyDialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
