import { lazy, Suspense } from 'react';
import type { FormDefinition } from '../../contract/form-fields';
import { ensureStyles } from '../../runtime/ensure-styles';
import type { AddToCartController } from './use-add-to-cart';

const Dialogs = lazy(() =>
  import('./add-to-cart-dialogs').then((m) => {
    ensureStyles('store-add-to-cart-dialogs', m.ADD_TO_CART_DIALOGS_STYLES);
    return { default: m.AddToCartDialogs };
  }),
);

/**
 * The add button's alert and additional-fields form, with their code and CSS (the form, its
 * fields, the dialog) fetched only when one first opens: nothing of it is in the page's initial
 * bytes. The CSS is added before they render.
 */
export function LazyAddToCartDialogs({
  controller,
  form,
}: {
  controller: AddToCartController;
  form: FormDefinition | null;
}) {
  if (!(controller.formOpen && form) && !controller.alert) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs controller={controller} form={form} />
    </Suspense>
  );
}
