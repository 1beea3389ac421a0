import { useState } from 'react';
import type { CartEntry } from '../../contract/cart';
import { lazyPart, LoadFailed, useLazyPart } from '../ui/lazy-part';
import type { EditEntryFormProps } from './edit-entry-form';

const entryForm = lazyPart<EditEntryFormProps>({
  id: 'edit-entry-form',
  code: () => import('./edit-entry-form').then((m) => m.EditEntryForm),
  styles: () => import('../additional-fields/form-styles').then((m) => m.FORM_STYLES),
});

/**
 * The form that edits an entry's additional fields, with its code and CSS fetched when it first
 * opens (the cart page's first paint has none of it). When they cannot load, the form closes, the
 * page says so, and the next open tries again.
 */
export function LazyEntryForm(props: Omit<EditEntryFormProps, 'entry'> & { entry: CartEntry | null }) {
  const [opened, setOpened] = useState(false);
  if (!opened && props.entry) setOpened(true);
  return opened ? <LoadingEntryForm {...props} /> : null;
}

function LoadingEntryForm({ entry, ...rest }: Omit<EditEntryFormProps, 'entry'> & { entry: CartEntry | null }) {
  const { Part, failed } = useLazyPart(entryForm, entry !== null, rest.onClose);
  if (Part && entry) return <Part entry={entry} {...rest} />;
  return failed ? <LoadFailed /> : null;
}
