import type { FormDefinition } from '../../contract/form-fields';
import { lazyPart, LoadFailed, useLazyPart } from '../ui/lazy-part';
import type { AddToCartController } from './use-add-to-cart';

const dialogs = lazyPart<{ controller: AddToCartController; form: FormDefinition | null }>({
  id: 'add-to-cart-dialogs',
  code: () => import('./add-to-cart-dialogs').then((m) => m.AddToCartDialogs),
  styles: {
    id: 'add-to-cart-dialogs-styles',
    sheet: 'store-add-to-cart-dialogs',
    load: () => import('./add-to-cart-dialogs-styles').then((m) => m.ADD_TO_CART_DIALOGS_STYLES),
  },
});

/**
 * The add button's alert and additional-fields form, with their code and CSS (the form, its
 * fields, the dialog; the CSS a chunk of styles only) fetched only when one first opens: nothing
 * of it is in the page's initial bytes. The CSS is added before they render. When either cannot
 * load, what was open closes, the widget says so, and the next open tries again.
 */
export function LazyAddToCartDialogs({
  controller,
  form,
}: {
  controller: AddToCartController;
  form: FormDefinition | null;
}) {
  const open = Boolean(controller.formOpen && form) || Boolean(controller.alert);
  const { Part, failed } = useLazyPart(dialogs, open, () => {
    controller.closeForm();
    controller.dismissAlert();
  });
  if (Part) return <Part controller={controller} form={form} />;
  return failed ? <LoadFailed /> : null;
}
