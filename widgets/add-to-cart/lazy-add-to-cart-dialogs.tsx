import { useState, type ReactNode } from 'react';
import type { FormDefinition } from '../../contract/form-fields';
import { lazyPart, LoadFailed, useLazyPart } from '../ui/lazy-part';
import type { AddToCartController } from './use-add-to-cart';

type DialogsProps = { controller: AddToCartController; form: FormDefinition | null };

const dialogs = lazyPart<DialogsProps>({
  id: 'add-to-cart-dialogs',
  code: () => import('./add-to-cart-dialogs').then((m) => m.AddToCartDialogs),
  styles: () => import('../ui/dialog-and-form-styles').then((m) => m.DIALOG_AND_FORM_STYLES),
});

const isOpen = ({ controller, form }: DialogsProps) =>
  Boolean(controller.formOpen && form) || Boolean(controller.alert);

/**
 * The add button's alert and additional-fields form, with their code and CSS (the form, its
 * fields, the dialog; the CSS a chunk of styles only) fetched only when one first opens: nothing
 * of it is in the page's initial bytes. The CSS is added before they render. When either cannot
 * load, what was open closes, the widget says so, and the next open tries again.
 *
 * A hook of the add button, not a component: until the first open nothing of the loader is
 * mounted (a page may hold hundreds of add buttons, and neither their dialogs' state nor a
 * component each); from then on it stays, so a failure's note stays too.
 */
export function useAddToCartDialogs(props: DialogsProps): ReactNode {
  const [opened, setOpened] = useState(false);
  if (!opened && isOpen(props)) setOpened(true);
  return opened ? <LoadingDialogs {...props} /> : null;
}

function LoadingDialogs(props: DialogsProps) {
  const { controller, form } = props;
  const { Part, failed } = useLazyPart(dialogs, isOpen(props), () => {
    controller.closeForm();
    controller.dismissAlert();
  });
  if (Part) return <Part controller={controller} form={form} />;
  return failed ? <LoadFailed /> : null;
}
