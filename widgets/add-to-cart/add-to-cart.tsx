import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { cartStore } from '../../runtime/cart/cart-store';
import { useCart } from '../../runtime/cart/use-cart.hooks';
import { emit } from '../../runtime/events';
import { createSubscriptionCart, fetchStock, validateFormFields } from '../../runtime/http/commerce';
import { StoreApiError, toStoreApiError } from '../../runtime/http/errors';
import { isAvailable } from '../../runtime/product/availability';
import { ProductType, parseVariants, toProductType, type Variant } from '../../runtime/product/types';
import { variantOptions } from '../../runtime/product/variants';
import { navigate, ROUTES } from '../../runtime/session/navigate';
import { storeContext } from '../../runtime/session/store-context';
import { AdditionalFieldsForm } from '../additional-fields/additional-fields-form';
import { parseFormDefinition } from '../additional-fields/form-definition';
import type { FormValues } from '../additional-fields/field-values';
import { AlertDialog } from '../ui/dialog';
import { ADDED_LABEL, ADDING_LABEL, AddButtonMachine, type ButtonPhase } from './add-button-machine';
import { ADD_MESSAGES, QUANTITY_MAX, QUANTITY_MIN, validateAddToCart } from './validate-add-to-cart';

/** Alert titles (storefront spec, section 8). */
export const ALERT_TITLES = {
  add: 'Unable to Add Item',
  purchase: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;

export const DEFAULT_LABEL = 'Add To Cart';
export const SUBSCRIBE_LABEL = 'Subscribe';

export interface AddToCartProps extends WidgetHostProps {
  /** Product id (`data-item-id`). */
  itemId?: string;
  /** 1 physical, 2 digital, 3 service, 4 gift card (`data-product-type`). */
  productType?: string;
  /** Sold by subscription (`data-subscribable`). */
  subscribable?: boolean;
  /** Use `originalLabel` as the button text (`data-use-custom-label`). */
  useCustomLabel?: boolean;
  /** Custom button text (`data-original-label`). */
  originalLabel?: string;
  /** Ask the additional-fields form before adding (`data-use-form`). */
  useForm?: boolean;
  /** Form definition JSON (`data-form`). */
  form?: string;
  /** Form id for server validation when the definition has none (`data-form-id`). */
  formId?: string;
  /** Variants JSON (`data-variants`). */
  variants?: string;
  /** Option names in display order, JSON array (`data-variant-option-ordering`). */
  variantOptionOrdering?: string;
  /** Go straight to checkout after adding (`data-express-checkout`). */
  expressCheckout?: boolean;
}

function parseOrdering(json: string | undefined): string[] {
  try {
    const value: unknown = json ? JSON.parse(json) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function totalStock(variants: readonly Variant[]): number {
  return variants.reduce(
    (sum, v) => sum + (v.unlimited || v.qtyInStock === undefined ? Infinity : Math.max(0, v.qtyInStock)),
    0,
  );
}

interface Alert {
  title: string;
  message: string;
}

/** Variant choice, quantity and the add button of one product (storefront spec, sections 4, 5, 8). */
export function AddToCart(props: AddToCartProps) {
  const { host, itemId = '' } = props;
  const productType = toProductType(props.productType);
  const variants = useMemo(() => parseVariants(props.variants), [props.variants]);
  const ordering = useMemo(() => parseOrdering(props.variantOptionOrdering), [props.variantOptionOrdering]);
  const options = useMemo(() => (variants.length > 1 ? variantOptions(variants, ordering) : []), [variants, ordering]);
  const form = useMemo(() => (props.useForm ? parseFormDefinition(props.form) : null), [props.useForm, props.form]);
  const subscribable =
    Boolean(props.subscribable) && (productType === ProductType.PHYSICAL || productType === ProductType.SERVICE);
  const showQuantity =
    (productType === ProductType.PHYSICAL ||
      (productType === ProductType.SERVICE && storeContext().multipleQuantityAllowedForServices)) &&
    !subscribable &&
    totalStock(variants) > 1;

  const [selection, setSelection] = useState<Record<string, string>>({});
  const [quantityText, setQuantityText] = useState('1');
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  const [alert, setAlert] = useState<Alert | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const status = useCart((state) => state.status);
  const ids = useId();

  const machine = useMemo(() => new AddButtonMachine(setPhase), []);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) machine.reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      machine.dispose();
    };
  }, [machine]);

  const chosen = useMemo(() => {
    const check = validateAddToCart({ productType, variants, options, selection, quantityText: undefined });
    return check.ok ? check.variant : null;
  }, [productType, variants, options, selection]);
  const lastAnnounced = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const sku = chosen?.sku ?? null;
    if (lastAnnounced.current === sku) return;
    lastAnnounced.current = sku;
    emit('store-variant-change', { itemId, variant: chosen }, host);
  }, [chosen, itemId, host]);

  const alertTitle =
    productType === ProductType.GIFT_CARD
      ? ALERT_TITLES.giftCard
      : props.expressCheckout || subscribable
        ? ALERT_TITLES.purchase
        : ALERT_TITLES.add;
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
      const forVariant = results.filter((r) => r.sku === undefined || r.sku === variant.sku);
      if (!isAvailable(forVariant, store.getState().quantityInCart(itemId, variant.sku))) {
        throw new StoreApiError(ADD_MESSAGES.outOfStock, 409);
      }
    }
    const response = await store.getState().addEntry({ itemId, sku: variant.sku, quantity, additionalFields });
    emit('store-item-added', { itemId, added: response.newlyAdded }, host);
    if (props.expressCheckout) {
      navigate(ROUTES.checkout);
      return 'left';
    }
    return 'added';
  };

  const check = () =>
    validateAddToCart({
      productType,
      variants,
      options,
      selection,
      quantityText: showQuantity ? quantityText : undefined,
    });

  const onAdd = () => {
    if (machine.phase !== 'idle') return;
    const result = check();
    if (!result.ok) {
      setAlert({ title: alertTitle, message: result.message });
      return;
    }
    if (form && productType !== ProductType.GIFT_CARD) {
      setFormOpen(true);
      return;
    }
    void machine.run(() => purchase(result.variant, result.quantity, null), showError);
  };

  const onFormSubmit = async (values: FormValues) => {
    const result = check();
    if (!result.ok) throw new StoreApiError(result.message, 0);
    const formId = form?.id ?? props.formId;
    if (formId) {
      const fieldErrors = await validateFormFields(formId, values);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
    }
    setFormOpen(false);
    void machine.run(() => purchase(result.variant, result.quantity, JSON.stringify(values)), showError);
  };

  const idleLabel =
    props.useCustomLabel && props.originalLabel ? props.originalLabel : subscribable ? SUBSCRIBE_LABEL : DEFAULT_LABEL;
  const label = phase === 'adding' ? ADDING_LABEL : phase === 'added' ? ADDED_LABEL : idleLabel;
  const pending = status === 'idle' || status === 'loading';

  return (
    <div className={`store-add-to-cart${pending ? ' store-add-to-cart--pending' : ''}`}>
      {options.map((option) => {
        const selectId = `${ids}-${option.name}`;
        return (
          <div className="store-add-to-cart__option" key={option.name}>
            <label className="store-add-to-cart__option-label" htmlFor={selectId}>
              {option.name}
            </label>
            <select
              id={selectId}
              data-variant-option-name={option.name}
              value={selection[option.name] ?? ''}
              onChange={(event) => setSelection((current) => ({ ...current, [option.name]: event.target.value }))}
            >
              <option value="">{`Select ${option.name}`}</option>
              {option.values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {showQuantity ? (
        <div className="store-add-to-cart__quantity">
          <label htmlFor={`${ids}-quantity`}>Quantity</label>
          <input
            id={`${ids}-quantity`}
            type="number"
            inputMode="numeric"
            min={QUANTITY_MIN}
            max={QUANTITY_MAX}
            step={1}
            size={4}
            value={quantityText}
            onChange={(event) => setQuantityText(event.target.value)}
          />
        </div>
      ) : null}
      <button
        type="button"
        className="store-button store-add-to-cart__button"
        aria-disabled={phase !== 'idle' ? true : undefined}
        data-phase={phase}
        onClick={onAdd}
      >
        {label}
      </button>
      <span className="store-visually-hidden" role="status">
        {phase === 'adding' ? ADDING_LABEL : phase === 'added' ? ADDED_LABEL : ''}
      </span>
      {formOpen && form ? (
        <AdditionalFieldsForm form={form} onSubmit={onFormSubmit} onClose={() => setFormOpen(false)} />
      ) : null}
      {alert ? <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(null)} /> : null}
    </div>
  );
}

export const ADD_TO_CART_STYLES = `
store-add-to-cart { display: block; }
.store-add-to-cart { display: grid; gap: .75rem; justify-items: start; }
.store-add-to-cart--pending .store-add-to-cart__button { visibility: hidden; }
.store-add-to-cart__option, .store-add-to-cart__quantity { display: grid; gap: .3rem; }
.store-add-to-cart__option-label, .store-add-to-cart__quantity label { font-weight: 600; }
.store-add-to-cart select, .store-add-to-cart input { font: inherit; padding: .45rem .5rem; border: 1px solid #767676; border-radius: 4px; min-width: 10rem; }
.store-add-to-cart input[type=number] { min-width: 0; width: 6rem; }
.store-add-to-cart__button { min-width: 11rem; }
`;
