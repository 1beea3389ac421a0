import { DIALOG_STYLES } from '../ui/dialog-styles';
import { FORM_STYLES } from '../additional-fields/form-styles';

/**
 * The CSS of the add button's alert and additional-fields form, as a chunk of its own that
 * carries only styles: the platform add button's page has none of it before a click.
 */
export const ADD_TO_CART_DIALOGS_STYLES = DIALOG_STYLES + FORM_STYLES;
