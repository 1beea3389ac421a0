import { useEffect, useMemo, useRef, useState } from 'react';
import { cartStore } from '../../runtime/cart/cart-store';
import { emit } from '../../runtime/events';
import { createSubscriptionCart, fetchStock, validateFormFields } from '../../runtime/http/commerce';
import { syncOfferAvailability } from '../../runtime/product/structured-data';
import { StoreApiError, toStoreApiError } from '../../runtime/http/errors';
import { isAvailable } from '../../runtime/product/availability';
import { announceChosenVariant } from '../../runtime/product/chosen-variant';
import { FeatureFlag, ProductType } from '../../contract/enumerations';
import { showsQuantityField } from '../../contract/add-to-cart-check';
import { isFeatureEnabled } from '../../runtime/loader-api';
import { payableCents, type Variant } from '../../runtime/product/types';
import { tagPrice } from '../../runtime/read-price';
import type { VariantOption } from '../../runtime/product/variants';
import { navigate, ROUTES } from '../../runtime/session/navigate';
import { storeContext } from '../../runtime/session/store-context';
import type { FormDefinition } from '../../contract/form-fields';
import type { FormValues } from '../additional-fields/field-values';
import { AddButtonMachine, type ButtonPhase } from './add-button-machine';
import { validateAddToCart } from './validate-add-to-cart';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';

const t = translator(ADD_TO_CART_STRINGS);

export interface AddToCartProduct {
  /** The element events are dispatched from. */
  host: HTMLElement;
  itemId: string;
  productType: ProductType;
  variants: readonly Variant[];
  /** Options the shopper chooses (empty with one variant). */
  options: readonly VariantOption[];
  subscribable: boolean;
  expressCheckout: boolean;
  /** The additional-fields form asked before adding, if any. */
  form: FormDefinition | null;
  /** Form id for server validation when the definition has none. */
  formId?: string | undefined;
  /** The button's idle label, for analytics. */
  label?: string | undefined;
}

export interface Alert {
  title: string;
  message: string;
}

export interface AddToCartController {
  phase: ButtonPhase;
  /** Why this product cannot be bought here (its feature flag is off: 40 gift cards, 50 subscriptions), else null. */
  unavailable: string | null;
  alert: Alert | null;
  dismissAlert(): void;
  formOpen: boolean;
  closeForm(): void;
  /** The click: checks the choice, asks the form if there is one, then adds (or buys). */
  add(selection: Readonly<Record<string, string>>, quantityText: string | undefined): void;
  /** The form's submit: server validation, then the add with the answers. */
  submitForm(values: FormValues): Promise<Record<string, string> | void>;
}

/** Quantity field rule (contract/add-to-cart-check.ts), with the store's setting for services. */
export function showsQuantity(product: Pick<AddToCartProduct, 'productType' | 'subscribable' | 'variants'>): boolean {
  return showsQuantityField({
    ...product,
    multipleQuantityAllowedForServices: storeContext().multipleQuantityAllowedForServices,
  });
}

/** Why a product cannot be bought on this site: a gift card without flag 40, a subscription without 50. */
export function unavailableReason(product: Pick<AddToCartProduct, 'productType' | 'subscribable'>): string | null {
  if (product.productType === ProductType.GIFT_CARD && !isFeatureEnabled(FeatureFlag.GIFT_CARDS)) {
    return t('addToCart.giftCardsOff');
  }
  if (product.subscribable && !isFeatureEnabled(FeatureFlag.COMMERCE_SUBSCRIPTIONS)) {
    return t('addToCart.subscriptionsOff');
  }
  return null;
}

/** The mounted add buttons' machines, reset by one listener when the page comes back from the back-forward cache. */
const restorable = new Set<AddButtonMachine>();

function resetRestored(event: PageTransitionEvent): void {
  if (event.persisted) for (const machine of restorable) machine.reset();
}

/**
 * Everything behind an add button, whatever markup it sits in: validation, the stock check,
 * the add (or subscription, gift card, express checkout), the button's timing, alerts and
 * the additional-fields form.
 */
export function useAddToCart(product: AddToCartProduct): AddToCartController {
  const { host, itemId, productType, variants, options, subscribable, expressCheckout, form } = product;
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  const [alert, setAlert] = useState<Alert | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const pending = useRef<{ variant: Variant; quantity: number } | null>(null);

  const machine = useMemo(() => new AddButtonMachine(setPhase), []);
  const { label } = product;
  useEffect(() => {
    // Census button-render: the bus carries it, the census tracker (if any) sends it.
    emit('store-button-render', { buttonType: 'add-to-cart', buttonId: itemId, buttonText: label }, host);
  }, [host, itemId, label]);
  useEffect(() => {
    restorable.add(machine);
    if (restorable.size === 1) window.addEventListener('pageshow', resetRestored);
    return () => {
      restorable.delete(machine);
      if (restorable.size === 0) window.removeEventListener('pageshow', resetRestored);
      machine.dispose();
    };
  }, [machine]);

  // The spec names 'Unable to Purchase Item' for express checkout only; a subscription is added like any item.
  const alertTitle = t(
    productType === ProductType.GIFT_CARD
      ? 'addToCart.alert.giftCard'
      : expressCheckout
        ? 'addToCart.alert.purchase'
        : 'addToCart.alert.add',
  );
  const showError = (error: unknown) => setAlert({ title: alertTitle, message: toStoreApiError(error).message });

  /** The call(s) behind one add; resolves 'left' when the shopper is sent to another page. */
  const purchase = async (
    variant: Variant,
    quantity: number,
    additionalFields: string | null,
  ): Promise<'added' | 'left'> => {
    if (productType === ProductType.GIFT_CARD) {
      navigate(ROUTES.giftCard(itemId, variant.sku));
      return 'left';
    }
    if (subscribable) {
      const { cartToken } = await createSubscriptionCart({ itemId, sku: variant.sku, qty: quantity, additionalFields });
      navigate(ROUTES.subscription(cartToken));
      return 'left';
    }
    const store = cartStore();
    if (productType === ProductType.PHYSICAL || productType === ProductType.SERVICE) {
      const { results } = await fetchStock(itemId);
      // What the page tells search engines follows what the store just said.
      syncOfferAvailability(itemId, productType, results);
      // An empty sku (markup without variant data) means the product's only variant.
      const forVariant = results.filter((r) => !variant.sku || r.sku === undefined || r.sku === variant.sku);
      if (!isAvailable(forVariant, store.getState().quantityInCart(itemId, variant.sku || undefined))) {
        throw new StoreApiError(t('addToCart.outOfStock'), 409);
      }
    }
    const response = await store.getState().addEntry({ itemId, sku: variant.sku, quantity, additionalFields });
    emit('store-item-added', { itemId, added: response.newlyAdded }, host);
    emit(
      'store-commerce',
      {
        event: 'add-to-cart',
        itemId,
        sku: variant.sku,
        quantity,
        title: response.newlyAdded.title,
        unitPriceCents:
          tagPrice(response.newlyAdded.purchasePriceCents, "The cart's added entry purchasePriceCents")?.minor ??
          payableCents(variant),
        productType,
      },
      host,
    );
    if (expressCheckout) {
      navigate(ROUTES.checkout);
      return 'left';
    }
    return 'added';
  };

  const unavailable = unavailableReason(product);

  return {
    phase,
    unavailable,
    alert,
    dismissAlert: () => setAlert(null),
    formOpen,
    closeForm: () => setFormOpen(false),
    add(selection, quantityText) {
      emit('store-button-click', { buttonType: 'add-to-cart', buttonId: itemId, buttonText: label }, host);
      if (machine.phase !== 'idle') return;
      if (unavailable) {
        setAlert({ title: alertTitle, message: unavailable });
        return;
      }
      const result = validateAddToCart({ productType, variants, options, selection, quantityText });
      if (!result.ok) {
        setAlert({ title: alertTitle, message: result.message });
        return;
      }
      if (form && productType !== ProductType.GIFT_CARD) {
        pending.current = { variant: result.variant, quantity: result.quantity };
        setFormOpen(true);
        return;
      }
      void machine.run(() => purchase(result.variant, result.quantity, null), showError);
    },
    async submitForm(values) {
      const choice = pending.current;
      if (!choice) throw new StoreApiError(t('addToCart.unavailable'), 0);
      const formId = form?.id ?? product.formId;
      if (formId) {
        const fieldErrors = await validateFormFields(formId, values);
        if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      }
      setFormOpen(false);
      void machine.run(() => purchase(choice.variant, choice.quantity, JSON.stringify(values)), showError);
    },
  };
}

/**
 * Tells the other widgets of the product which variant is chosen, when it changes; `undefined`
 * (the page does not say which variants there are) announces nothing.
 */
export function useVariantAnnouncer(host: HTMLElement, itemId: string, chosen: Variant | null | undefined): void {
  const last = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (chosen === undefined) return;
    const sku = chosen?.sku ?? null;
    if (last.current === sku) return;
    last.current = sku;
    announceChosenVariant(itemId, chosen, host);
  }, [chosen, itemId, host]);
}
