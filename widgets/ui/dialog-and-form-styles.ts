import { DIALOG_STYLES } from './dialog-styles';
import { FORM_STYLES } from '../additional-fields/form-styles';

/**
 * The CSS of a widget's alert and additional-fields form, as a chunk of its own that carries only
 * styles: the add button's and the cart page's first paint have none of it; it comes with their dialogs.
 */
export const DIALOG_AND_FORM_STYLES = DIALOG_STYLES + FORM_STYLES;
