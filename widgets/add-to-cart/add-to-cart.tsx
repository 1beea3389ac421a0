import { inherited, space, themed } from '../ui/theme';
import { useControlClass } from '../ui/controls';
import { CONTROL_HEIGHT } from '../ui/control-styles';
import { useId, useMemo, useRef, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { useCart } from '../../runtime/cart/use-cart.hooks';
import { ProductType } from '../../contract/enumerations';
import { parseVariants, toProductType } from '../../runtime/product/types';
import { variantOptions } from '../../runtime/product/variants';
import { parseFormDefinition } from '../additional-fields/form-definition';
import { ADD_TO_BAG_LABEL, buttonLabel, LABEL_EXPERIMENT } from './add-button-machine';
import { getVariant } from '../../runtime/loader-api';
import { useAddToCartDialogs } from './lazy-add-to-cart-dialogs';
import { showsQuantity, useAddToCart, useVariantAnnouncer } from './use-add-to-cart';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../contract/messages';
import { validateAddToCart } from './validate-add-to-cart';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';

const t = translator(ADD_TO_CART_STRINGS);

export interface AddToCartProps extends WidgetHostProps {
  /** Product id (`data-item-id`). */
  itemId?: string;
  /** 1 physical (the default), 2 digital, 3 service, 4 gift card (`data-product-type`). */
  productType?: string;
  /** Sold by subscription (`data-subscribable`): the button reads 'Subscribe' and leads to subscription checkout. */
  subscribable?: boolean;
  /** Use `data-original-label` as the button text instead of 'Add To Cart' (`data-use-custom-label`). */
  useCustomLabel?: boolean;
  /** Custom button text (`data-original-label`). */
  originalLabel?: string;
  /** Ask the additional-fields form (`data-form`) in a modal before adding (`data-use-form`). */
  useForm?: boolean;
  /** The additional-fields form definition, JSON `{id, name, fields}` (`data-form`). */
  form?: string;
  /** Form id for server validation when `data-form` has none (`data-form-id`). */
  formId?: string;
  /**
   * JSON list of `{sku, attributes, price?, salePrice?, onSale?, qtyInStock?, unlimited?}` (`data-variants`); prices in
   * any money shape (`priceCents`, `price` as cents or `{"decimalValue": "48.00", "currency": "USD"}`, `priceMoney`).
   * Malformed entries are dropped, malformed prices with a console warning.
   */
  variants?: string;
  /** JSON list of option names in display order (`data-variant-option-ordering`). */
  variantOptionOrdering?: string;
  /** Go straight to `/checkout` after adding (`data-express-checkout`). */
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

/** Variant choice, quantity and the add button of one product (storefront spec, sections 4, 5, 8). */
export function AddToCart(props: AddToCartProps) {
  const { host, itemId = '' } = props;
  const productType = toProductType(props.productType);
  // One memo for the product's variants and their options (a page may hold hundreds of these widgets).
  const { variants, options } = useMemo(() => {
    const parsed = parseVariants(props.variants, '<store-add-to-cart> data-variants');
    const ordering = parseOrdering(props.variantOptionOrdering);
    return { variants: parsed, options: parsed.length > 1 ? variantOptions(parsed, ordering) : [] };
  }, [props.variants, props.variantOptionOrdering]);
  const form = useMemo(() => (props.useForm ? parseFormDefinition(props.form) : null), [props.useForm, props.form]);
  const subscribable =
    Boolean(props.subscribable) && (productType === ProductType.PHYSICAL || productType === ProductType.SERVICE);
  const showQuantity = showsQuantity({ productType, subscribable, variants });

  const [selection, setSelection] = useState<Record<string, string>>({});
  // The selects and the quantity field are uncontrolled: only the shopper changes them, so mounting
  // sets no value (a page may hold hundreds of these widgets) and typing renders nothing.
  const quantityField = useRef<HTMLInputElement>(null);
  const status = useCart((state) => state.status);
  const ids = useId();
  // The default label is an AB test: 'add-to-bag' says Add To Bag, anything else (and no test) Add To Cart.
  const testedLabel =
    getVariant(LABEL_EXPERIMENT, 'control').value === 'add-to-bag' ? ADD_TO_BAG_LABEL : t('addToCart.button');
  const idleLabel =
    props.useCustomLabel && props.originalLabel
      ? props.originalLabel
      : subscribable
        ? t('addToCart.subscribe')
        : testedLabel;
  const controller = useAddToCart({
    host,
    itemId,
    productType,
    variants,
    options,
    subscribable,
    expressCheckout: Boolean(props.expressCheckout),
    form,
    formId: props.formId,
    label: idleLabel,
  });
  const { phase } = controller;

  const chosen = useMemo(() => {
    const check = validateAddToCart({ productType, variants, options, selection, quantityText: undefined });
    return check.ok ? check.variant : null;
  }, [productType, variants, options, selection]);
  useVariantAnnouncer(host, itemId, chosen);

  const onAdd = () => controller.add(selection, showQuantity ? (quantityField.current?.value ?? '1') : undefined);

  const label = buttonLabel(phase, idleLabel);
  const { unavailable } = controller;
  const noteId = `${ids}-unavailable`;
  const pending = status === 'idle' || status === 'loading';
  const dialogs = useAddToCartDialogs({ controller, form });
  const labelClass = useControlClass('label', 'store-add-to-cart__label');
  const selectClass = useControlClass('select');
  const quantityClass = useControlClass('input', 'store-add-to-cart__quantity-input');
  const buttonClass = useControlClass('button', 'store-add-to-cart__button');

  return (
    <div className={`store-add-to-cart${pending ? ' store-add-to-cart--pending' : ''}`}>
      {options.map((option) => {
        const selectId = `${ids}-${option.name}`;
        return (
          <div className="store-add-to-cart__option" key={option.name}>
            <label className={`${labelClass} store-add-to-cart__option-label`} htmlFor={selectId}>
              {option.name}
            </label>
            <select
              id={selectId}
              className={selectClass}
              data-variant-option-name={option.name}
              onChange={(event) => setSelection((current) => ({ ...current, [option.name]: event.target.value }))}
            >
              <option value="">{t('addToCart.selectOption', { option: option.name })}</option>
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
          <label className={labelClass} htmlFor={`${ids}-quantity`}>
            {t('addToCart.quantity')}
          </label>
          <input
            id={`${ids}-quantity`}
            className={quantityClass}
            type="number"
            inputMode="numeric"
            min={QUANTITY_MIN}
            max={QUANTITY_MAX}
            step={1}
            defaultValue="1"
            ref={quantityField}
          />
        </div>
      ) : null}
      <button
        type="button"
        className={buttonClass}
        aria-disabled={phase !== 'idle' || unavailable ? true : undefined}
        aria-describedby={unavailable ? noteId : undefined}
        data-phase={phase}
        onClick={onAdd}
      >
        {label}
      </button>
      {unavailable ? (
        <p id={noteId} className="store-add-to-cart__unavailable">
          {unavailable}
        </p>
      ) : null}
      <span className="store-visually-hidden" role="status">
        {phase === 'adding' || phase === 'added' ? buttonLabel(phase, '') : null}
      </span>
      {dialogs}
    </div>
  );
}

/** Room between the rows (options, quantity, button). */
const ROW_GAP = space(0.75);

/**
 * Laid out in lines, not a grid, so the rows follow the page's `text-align` (centred in a centred
 * card). Every height is fixed by the control height and the label's line, so the box the loader
 * holds before this code arrives (RESERVED_BOX) is exact.
 */
export const ADD_TO_CART_STYLES = `
store-add-to-cart { display: block; container-type: inline-size; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
store-add-to-cart { content-visibility: auto; contain-intrinsic-block-size: auto var(--_store-reserve-height); }
store-add-to-cart:focus-within { content-visibility: visible; }
.store-add-to-cart__option, .store-add-to-cart__quantity { margin: 0 0 ${ROW_GAP}; padding: 0; }
/* A label is one line and its room, whatever class a theme hands it: the box held before the code arrives counts on it. */
.store-add-to-cart__label { display: block; margin-block: 0 ${space(0.3)} !important; padding-block: 0 !important; line-height: 1.5rem !important; }
.store-add-to-cart__option select { min-width: min(10rem, 100%); }
.store-add-to-cart__quantity-input { width: 6rem; }
.store-add-to-cart__button { min-width: min(11rem, 100%); min-block-size: ${CONTROL_HEIGHT}; }
.store-add-to-cart--pending .store-add-to-cart__button { visibility: hidden; }
.store-add-to-cart__unavailable { margin: ${ROW_GAP} 0 0; line-height: 1.5; color: #6b2b00; }
@container (max-width: 12rem) { .store-add-to-cart { font-size: .875em; } .store-add-to-cart__option select, .store-add-to-cart__button { width: 100%; min-width: 0; } .store-add-to-cart__option select { padding-inline-start: .35em; } .store-add-to-cart__button { font-size: inherit !important; padding-inline: .5em !important; } }
@container (max-width: 8rem) { .store-add-to-cart { font-size: .7em; } .store-add-to-cart__option .store-select { padding-inline: .25em 1.1em; background-position: calc(100% - .7em) 55%, calc(100% - .4em) 55%; } }
`;
