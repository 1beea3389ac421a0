import { AdditionalFieldsForm } from '../additional-fields/additional-fields-form';
import type { FormDefinition } from '../../contract/form-fields';
import { AlertDialog } from '../ui/dialog';
import { placesContextOf } from '../../runtime/http/places';
import { readPageContext } from '../../runtime/session/page-context';
import type { AddToCartController } from './use-add-to-cart';

/** The alert and the additional-fields form of an add button, when open. */
export function AddToCartDialogs({
  controller,
  form,
}: {
  controller: AddToCartController;
  form: FormDefinition | null;
}) {
  return (
    <>
      {controller.formOpen && form ? (
        <AdditionalFieldsForm
          form={form}
          onSubmit={controller.submitForm}
          onClose={controller.closeForm}
          placesContext={placesContextOf(readPageContext())}
        />
      ) : null}
      {controller.alert ? (
        <AlertDialog
          title={controller.alert.title}
          message={controller.alert.message}
          onClose={controller.dismissAlert}
        />
      ) : null}
    </>
  );
}
