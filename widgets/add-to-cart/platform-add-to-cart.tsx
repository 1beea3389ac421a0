import { createElement, useEffect, useEffectEvent, useId, useMemo, useReducer } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureStyles, WidgetErrorBoundary } from '../../runtime/define-widget';
import { useCart } from '../../runtime/cart/use-cart.hooks';
import { ADD_TO_CART_BUTTON_CLASS, ADD_TO_CART_BUTTON_INNER_CLASS } from '../../contract/class-names';
import { ProductType } from '../../contract/enumerations';
import { parseVariants, toProductType, type Variant } from '../../runtime/product/types';
import { findVariant, variantOptions } from '../../runtime/product/variants';
import { parseFormDefinition } from '../additional-fields/form-definition';
import { buttonLabel } from './add-button-machine';
import { useAddToCartDialogs } from './lazy-add-to-cart-dialogs';
import { useAddToCart, useVariantAnnouncer, type AddToCartProduct } from './use-add-to-cart';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';
import { holdClicks, takeClicks } from '../../runtime/loader-api';

const t = translator(ADD_TO_CART_STRINGS);

/**
 * The same add-to-cart behaviour on the markup the platform's formatters render
 * (`add-to-cart-btn`, `variants-select`, `quantity-input`), without changing the page:
 * the button keeps its markup and only its label changes; choices are read from the
 * product's selects (or variant radio buttons) and quantity field at click time.
 */

/** The closest element of `selector` for the same item: in the nearest enclosing container, else anywhere. */
function findForItem(from: Element, selector: string): HTMLElement | null {
  for (let scope = from.parentElement; scope; scope = scope.parentElement) {
    const found = scope.querySelector<HTMLElement>(selector);
    if (found) return found;
  }
  return null;
}

interface PlatformProduct extends Omit<AddToCartProduct, 'host'> {
  idleLabel: string;
  /** Whether the page listed the variants (a single-variant product lists none). */
  variantsKnown: boolean;
  variantsBox: HTMLElement | null;
  quantityInput: HTMLInputElement | null;
}

function readProduct(button: HTMLElement): PlatformProduct {
  const itemId = button.dataset.itemId ?? '';
  const item = `[data-item-id="${CSS.escape(itemId)}"]`;
  const variantsBox = findForItem(button, `.product-variants${item}`);
  const quantityBox = findForItem(button, `.product-quantity-input${item}`);
  const productType = toProductType(button.dataset.productType);
  const subscribable = button.dataset.isSubscription === 'true';
  // A product with one variant renders no variant selects: the server picks its only variant.
  const parsed = parseVariants(variantsBox?.dataset.variants, '.product-variants data-variants');
  const variants: Variant[] = parsed.length > 0 ? parsed : [{ sku: '', attributes: {} }];
  const ordering = [...(variantsBox?.querySelectorAll('select[data-variant-option-name]') ?? [])].map(
    (select) => (select as HTMLSelectElement).dataset.variantOptionName ?? '',
  );
  const useForm = button.classList.contains('use-form') || button.dataset.useForm === 'true';
  const originalLabel = button.dataset.originalLabel;
  return {
    itemId,
    productType,
    variants,
    options: variants.length > 1 ? variantOptions(variants, ordering) : [],
    subscribable,
    expressCheckout: button.dataset.expressCheckout === 'true',
    form: useForm ? parseFormDefinition(button.dataset.form) : null,
    formId: button.dataset.formId,
    idleLabel:
      button.dataset.useCustomLabel === 'true' && originalLabel
        ? originalLabel
        : subscribable && productType !== ProductType.GIFT_CARD
          ? t('addToCart.subscribe')
          : (originalLabel ?? t('addToCart.button')),
    variantsKnown: parsed.length > 0,
    variantsBox,
    quantityInput: quantityBox?.querySelector('input') ?? null,
  };
}

/** The shopper's choice in the platform selects, or the variant radio buttons when a select is empty. */
function readSelection(box: HTMLElement | null): Record<string, string> {
  const selection: Record<string, string> = {};
  if (!box) return selection;
  for (const select of box.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    const name = select.dataset.variantOptionName ?? '';
    const radio = box.querySelector<HTMLInputElement>(
      `[data-variant-option-name="${CSS.escape(name)}"] input[type=radio]:checked`,
    );
    const value = select.value || radio?.value || '';
    if (value) selection[name] = value;
  }
  return selection;
}

/** The button shows the phase in its label; while busy it says so to assistive technology. */
function showPhase(button: HTMLElement, label: string, phase: string): void {
  const inner = button.querySelector(`.${ADD_TO_CART_BUTTON_INNER_CLASS}`) ?? button;
  inner.textContent = label;
  if (phase === 'idle') button.removeAttribute('aria-disabled');
  else button.setAttribute('aria-disabled', 'true');
  button.dataset.phase = phase;
}

function PlatformAddToCart({ button }: { button: HTMLElement }) {
  const product = useMemo(() => readProduct(button), [button]);
  const controller = useAddToCart({ ...product, host: button, label: product.idleLabel });
  const add = useEffectEvent(() =>
    controller.add(readSelection(product.variantsBox), product.quantityInput ? product.quantityInput.value : undefined),
  );
  useCart((state) => state.status);

  const label = buttonLabel(controller.phase, product.idleLabel);
  const { unavailable } = controller;
  const noteId = useId();
  useEffect(() => {
    showPhase(button, label, controller.phase);
    // A product whose feature flag is off stays disabled, with the reason beside it.
    if (!unavailable) return;
    button.setAttribute('aria-disabled', 'true');
    button.setAttribute('aria-describedby', noteId);
  }, [button, label, controller.phase, unavailable, noteId]);

  useEffect(() => {
    const onClick = () => add();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      add();
    };
    // The page's product form (Enter in the quantity field) adds here instead of posting.
    const form = button.closest('form');
    const onSubmit = (event: Event) => {
      event.preventDefault();
      add();
    };
    button.addEventListener('click', onClick);
    button.addEventListener('keydown', onKey);
    form?.addEventListener('submit', onSubmit);
    // Clicks held since the loader saw the button add once, now.
    if (takeClicks(button) > 0) add();
    return () => {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKey);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [button]);

  const chosen = useVariantFromMarkup(product);
  // Without variant data the page leaves the variant to the server: there is nothing to announce,
  // and announcing the stand-in would hide the restock sign-up of a sold-out single-variant product.
  useVariantAnnouncer(button, product.itemId, product.variantsKnown ? chosen : undefined);
  const dialogs = useAddToCartDialogs({ controller, form: product.form });
  return (
    <>
      {unavailable ? (
        <p id={noteId} className="store-add-to-cart__unavailable">
          {unavailable}
        </p>
      ) : null}
      {dialogs}
    </>
  );
}

/** The variant the platform selects point at, following their changes. */
function useVariantFromMarkup(product: PlatformProduct): Variant | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const box = product.variantsBox;
    if (!box) return;
    box.addEventListener('change', rerender);
    return () => box.removeEventListener('change', rerender);
  }, [product, rerender]);
  return findVariant(product.variants, product.options, readSelection(product.variantsBox)) ?? null;
}

/** The button's own rules; its dialogs bring theirs when they first open (useAddToCartDialogs, lazy-add-to-cart-dialogs.tsx). */
export const PLATFORM_STYLES = `.${ADD_TO_CART_BUTTON_CLASS}[aria-disabled="true"] { cursor: default; opacity: .85; }
.store-add-to-cart__unavailable { margin: .5rem 0 0; color: #6b2b00; }`;

/** The platform markup this module brings to life (the add-to-cart button of `add-to-cart-btn` and `product-checkout`); the loader's registry takes it from here. */
export const ENHANCES = `.${ADD_TO_CART_BUTTON_CLASS}[data-item-id]`;

/** Brings one platform add button to life (once; calling it again does nothing). */
export function enhance(button: Element): void {
  if (!(button instanceof HTMLElement) || button.dataset.storeEnhanced) return;
  button.dataset.storeEnhanced = 'true';
  ensureStyles('store-platform-add-to-cart', PLATFORM_STYLES);
  // Clicks from now until the first render are replayed then (the loader holds them from earlier on).
  holdClicks(button);
  const host = document.createElement('div');
  host.className = 'store-platform-dialogs';
  button.insertAdjacentElement('afterend', host);
  createRoot(host).render(
    createElement(WidgetErrorBoundary, { tag: ADD_TO_CART_BUTTON_CLASS }, createElement(PlatformAddToCart, { button })),
  );
}
