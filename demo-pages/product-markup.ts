import { formatMoney } from '../runtime/money/format-money';
import type { ProductRecord } from '../server-mock/store/catalog';
import { html, type SafeHtml } from './html';

/** A catalog product as pages show it, with its additional-fields form when it has one. */
export type PageProduct = ProductRecord & { form: unknown };

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
