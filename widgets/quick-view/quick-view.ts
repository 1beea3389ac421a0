import { QUICK_VIEW_BUTTON_CLASS } from '../../contract/class-names';
import { DIALOG_STRINGS } from '../../contract/widget-messages/dialog';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { ensureStyles } from '../../runtime/widget-styles';
import { emit } from '../../runtime/events';
import { http } from '../../runtime/http/client';
import { translator } from '../../runtime/i18n/t';
import { themed } from '../ui/theme';

const t = translator({ ...DIALOG_STRINGS, ...ERROR_STRINGS });

/** The platform markup this module brings to life (the `product-quick-view` button); the loader's registry takes it from here. */
export const ENHANCES = `.${QUICK_VIEW_BUTTON_CLASS}[data-id]`;

/** The quick view's address for a product. */
export const quickViewPath = (itemId: string) => `/api/commerce/products/${encodeURIComponent(itemId)}/quick-view`;

export const QUICK_VIEW_STYLES = `
.store-quick-view { border: 0; border-radius: ${themed('--store-radius-large')}; padding: 0; max-width: min(32rem, calc(100vw - 2rem)); width: 100%; color: ${themed('--store-text-color')}; background: ${themed('--store-background-color')}; font-family: ${themed('--store-font')}; }
.store-quick-view::backdrop { background: rgba(0, 0, 0, .5); }
.store-quick-view__content { padding: 1.25rem 1.5rem 1.5rem; }
.store-quick-view__close { float: right; font: inherit; font-size: 1.5rem; line-height: 1; border: 0; background: none; color: inherit; cursor: pointer; padding: .25rem .5rem; }
.store-quick-view__close:focus-visible { outline: ${themed('--store-focus-ring')}; }
.store-quick-view__title { margin-top: 0; }
${ENHANCES} { cursor: pointer; text-decoration: underline; }
${ENHANCES}:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
`;

/** Opens the product's quick view in a modal dialog; focus goes back to `opener` when it closes. */
async function openQuickView(opener: HTMLElement, itemId: string): Promise<void> {
  const doc = opener.ownerDocument;
  const dialog = doc.createElement('dialog');
  dialog.className = 'store-quick-view';
  dialog.setAttribute('aria-labelledby', 'store-quick-view-title');
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'store-quick-view__close';
  close.setAttribute('aria-label', t('dialog.close'));
  close.textContent = '×';
  close.addEventListener('click', () => dialog.close());
  const content = doc.createElement('div');
  content.className = 'store-quick-view__content';
  content.setAttribute('aria-busy', 'true');
  dialog.append(close, content);
  // A click on the backdrop (outside the content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  doc.body.append(dialog);
  dialog.showModal();
  try {
    // Our own server's fragment; its add-to-cart tag comes to life through the loader like any other.
    content.innerHTML = await http().get(quickViewPath(itemId)).text();
  } catch {
    const failed = doc.createElement('p');
    failed.className = 'store-load-failed';
    failed.setAttribute('role', 'alert');
    failed.textContent = t('error.loadFailed');
    content.replaceChildren(failed);
  }
  content.removeAttribute('aria-busy');
}

/**
 * A quick-view button (platform spec, section 2): a click, Enter or Space sends `store-quick-view`
 * (the census records `RecordQuickView/{id}`) and opens the product's quick view.
 */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  ensureStyles('store-quick-view', QUICK_VIEW_STYLES, element.ownerDocument);
  element.setAttribute('aria-haspopup', 'dialog');
  const itemId = element.dataset.id ?? '';
  const open = () => {
    if (!itemId) return;
    emit('store-quick-view', { itemId }, element);
    void openQuickView(element, itemId);
  };
  element.addEventListener('click', open);
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open();
  });
}
