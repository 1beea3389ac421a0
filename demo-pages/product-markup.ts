import { formatMoney } from '../runtime/money/format-money';
import { html, type SafeHtml } from './html';

/** What a demo page needs to know of a product. */
export interface PageProduct {
  id: string;
  slug: string;
  name: string;
  productType: number;
  description: string;
  isSubscribable: boolean;
  subscriptionPlan: { billingPeriod: { value: number; unit: string }; numBillingCycles: number } | null;
  customLabel: string | null;
  variantOptionOrdering: string[];
  variants: {
    sku: string;
    attributes: Record<string, string>;
    priceCents: number;
    qtyInStock: number;
    unlimited: boolean;
  }[];
  form: unknown;
}

const PHYSICAL = 1;
const SERVICE = 3;

/** Physical products and services are sold out when no variant is unlimited or has stock (platform spec, section 4). */
export function isSoldOut(product: PageProduct): boolean {
  if (product.productType !== PHYSICAL && product.productType !== SERVICE) return false;
  return !product.variants.some((v) => v.unlimited || v.qtyInStock > 0);
}

/** "$48.00", or "from $48.00" when variants differ in price. */
export function priceText(product: PageProduct, currency: string): string {
  const prices = product.variants.map((v) => v.priceCents);
  if (prices.length === 0) return formatMoney(0, currency);
  const min = Math.min(...prices);
  const text = formatMoney(min, currency);
  const per =
    product.isSubscribable && product.subscriptionPlan
      ? ` every ${product.subscriptionPlan.billingPeriod.unit.toLowerCase()}`
      : '';
  return (Math.max(...prices) > min ? `from ${text}` : text) + per;
}

/** The `<store-add-to-cart>` tag of a product, with everything the widget reads. */
export function addToCartTag(product: PageProduct, extra: { expressCheckout?: boolean } = {}): SafeHtml {
  const variants = product.variants.map((v) => ({
    sku: v.sku,
    attributes: v.attributes,
    priceCents: v.priceCents,
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
  }));
  return html`<store-add-to-cart
    data-item-id="${product.id}"
    data-product-type="${product.productType}"
    data-variants="${JSON.stringify(variants)}"
    data-variant-option-ordering="${JSON.stringify(product.variantOptionOrdering)}"
    ${
      product.isSubscribable ? html` data-subscribable="true"` : ''
    }${product.customLabel ? html` data-use-custom-label="true" data-original-label="${product.customLabel}"` : ''}${
      product.form ? html` data-use-form="true" data-form="${JSON.stringify(product.form)}"` : ''
    }${extra.expressCheckout ? html` data-express-checkout="true"` : ''}
  ></store-add-to-cart>`;
}
