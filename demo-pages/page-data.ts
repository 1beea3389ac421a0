import { formatMoney } from '../runtime/money/format-money';
import type { ShoppingCart } from '../runtime/http/types';
import type { ProductRecord } from '../server-mock/store/catalog';

/** What every demo page knows of the site. */
export interface SiteInfo {
  id: string;
  title: string;
  selectedCurrency: string;
  multipleQuantityAllowedForServices: boolean;
}

/** A catalog product as pages show it, with its additional-fields form when it has one. */
export type PageProduct = ProductRecord & { form: unknown };

/** Minor units as the decimal string the platform's money objects carry ("48.00"; JPY "4800"). */
function decimal(cents: number, currency: string): string {
  return currency === 'JPY' ? String(cents) : (cents / 100).toFixed(2);
}

/** The product as the platform's templates read it (`item`, with `structuredContent`). */
export function platformItem(product: PageProduct, currency: string) {
  // Digital goods carry their price on the product itself; physical ones per variant.
  const lowest = Math.min(...product.variants.map((v) => v.priceCents));
  return {
    id: product.id,
    collectionId: 'shop',
    recordType: 11,
    title: product.name,
    urlId: product.slug,
    fullUrl: `/shop/p/${product.slug}`,
    excerpt: product.description,
    structuredContent: {
      productType: product.productType,
      priceMoney: { currency, value: decimal(Number.isFinite(lowest) ? lowest : 0, currency) },
      onSale: false,
      isSubscribable: product.isSubscribable,
      ...(product.subscriptionPlan ? { subscriptionPlan: product.subscriptionPlan } : {}),
      variantOptionOrdering: product.variantOptionOrdering,
      variants: product.variants.map((v) => ({
        id: v.sku,
        sku: v.sku,
        attributes: v.attributes,
        price: v.priceCents,
        priceMoney: { currency, value: decimal(v.priceCents, currency) },
        onSale: false,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
      })),
      ...(product.form ? { additionalFieldsFormId: product.formId, additionalFieldsForm: product.form } : {}),
      useCustomAddButtonText: Boolean(product.customLabel),
      ...(product.customLabel ? { customAddButtonText: product.customLabel } : {}),
    },
  };
}

/** Data every page template reads: the site, its store context and the page title. */
export function pageData(site: SiteInfo, pageTitle: string, extra: Record<string, unknown> = {}) {
  return {
    pageTitle,
    cartPill: true,
    website: { id: site.id, siteTitle: site.title },
    storeContext: {
      websiteId: site.id,
      storeSettings: {
        selectedCurrency: site.selectedCurrency,
        multipleQuantityAllowedForServices: site.multipleQuantityAllowedForServices,
      },
    },
    ...extra,
  };
}

/** A cart's rows with their text, for the cart and checkout pages; null when empty. */
export function cartRows(cart: ShoppingCart | undefined, currency: string) {
  if (!cart || cart.entries.length === 0) return null;
  return {
    entries: cart.entries.map((e) => ({
      title: e.title,
      options: Object.entries(e.chosenVariant.attributes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      quantity: e.quantity,
      total: formatMoney(e.purchasePriceCents * e.quantity, currency),
    })),
    subtotal: formatMoney(cart.subtotalCents, currency),
    grandTotal: formatMoney(cart.grandTotalCents, currency),
  };
}
