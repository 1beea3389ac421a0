/**
 * The product page's forms for shoppers without JavaScript (in `<noscript>`, beside the platform
 * markup the widgets take over): add to cart and the restock sign-up, posted to the page itself.
 */
import { variantOptions } from '../../contract/add-to-cart-check';
import { FeatureFlag, ProductType } from '../../contract/enumerations';
import { DEFAULT_ENABLED_FEATURES } from '../../contract/feature-flags';
import { translate } from '../../contract/translate';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { RESTOCK_STRINGS } from '../../contract/widget-messages/restock';
import { showsQuantityInput } from '../../template/index';
import { variantDescription, type ProductRecord } from '../store/catalog';
import type { SiteInfo } from './page-data';
import { formKeyFor } from '../http/form-key';

/** The add form as posted, when it is shown again with a refusal. */
export interface AddFormState {
  selection: Record<string, string>;
  quantity: string;
  /** The message, and the field it is about ('form' for the whole form). */
  error: { message: string; field: 'options' | 'quantity' | 'form' };
}

/** The restock form as posted, when it is shown again with a refusal. */
export interface RestockFormState {
  email: string;
  variantId: string;
  join: boolean;
  error: string;
}

/** What a product page shows in its forms: values posted and refused, or a status after success. */
export interface ProductFormState {
  add?: AddFormState;
  restock?: RestockFormState;
  /** `?status=` after a successful post: `added` or `signed-up`. */
  status?: string;
}

/** The posted name of an option's select (`option.Size`). */
export const optionField = (name: string) => `option.${name}`;

/** Writes one message of `defaults` in the site's language. */
export function siteText<K extends string>(site: SiteInfo, defaults: Readonly<Record<K, string>>) {
  const settings = { locale: site.locale ?? 'en-US', messages: site.messages ?? {} };
  return (key: K, values: Readonly<Record<string, string | number>> = {}) => translate(defaults, key, values, settings);
}

/** Why the site cannot sell this product now (its numbered flag is off: 40 gift cards, 50 subscriptions), else null. */
function unavailableReason(product: ProductRecord, site: SiteInfo, t: ReturnType<typeof addText>): string | null {
  const flags = site.commerceSettings?.enabledFeatures ?? DEFAULT_ENABLED_FEATURES;
  if (product.productType === ProductType.GIFT_CARD && !flags.includes(FeatureFlag.GIFT_CARDS)) {
    return t('addToCart.giftCardsOff');
  }
  if (product.isSubscribable && !flags.includes(FeatureFlag.COMMERCE_SUBSCRIPTIONS)) {
    return t('addToCart.subscriptionsOff');
  }
  return null;
}

const addText = (site: SiteInfo) => siteText(site, ADD_TO_CART_STRINGS);

/** The variants a visitor may ask to hear about: those sold out as the catalog stands. */
export function soldOutVariants(product: ProductRecord) {
  return product.variants.filter((v) => !v.unlimited && v.qtyInStock <= 0);
}

/** The add form's view: option selects, quantity field, button, and what the last post gave. */
function addFormView(product: ProductRecord, site: SiteInfo, state: ProductFormState) {
  // Additional fields are asked in the widget's dialog.
  if (product.formId) return { needsScript: true };
  const t = addText(site);
  const unavailable = unavailableReason(product, site, t);
  if (unavailable) return { unavailable };
  const posted = state.add;
  const options = product.variants.length > 1 ? variantOptions(product.variants, product.variantOptionOrdering) : [];
  const settings = { storeSettings: { multipleQuantityAllowedForServices: site.multipleQuantityAllowedForServices } };
  const item = {
    structuredContent: {
      productType: product.productType,
      isSubscribable: product.isSubscribable,
      variants: product.variants,
    },
  };
  const errorOn = (field: AddFormState['error']['field']) =>
    posted?.error.field === field ? posted.error.message : null;
  return {
    options: options.map((option, index) => ({
      id: `add-option-${index}`,
      name: option.name,
      field: optionField(option.name),
      placeholder: t('addToCart.selectOption', { option: option.name }),
      values: option.values.map((value) => ({ value, selected: posted?.selection[option.name] === value })),
    })),
    optionsError: errorOn('options'),
    quantity: showsQuantityInput(item, settings)
      ? { label: t('addToCart.quantity'), value: posted?.quantity ?? '1', error: errorOn('quantity') }
      : null,
    formError: errorOn('form'),
    button:
      product.customLabel ??
      (product.isSubscribable && product.productType !== ProductType.GIFT_CARD
        ? t('addToCart.subscribe')
        : t('addToCart.button')),
    added: state.status === 'added' ? t('addToCart.added') : null,
  };
}

/** The restock form's view, when the product has a sold-out variant. */
function restockFormView(product: ProductRecord, site: SiteInfo, state: ProductFormState, crumb: string) {
  const soldOut = soldOutVariants(product);
  const settings = site.restockSettings;
  if (soldOut.length === 0 || !settings) return null;
  if (settings.captcha) return { needsScript: true, error: state.restock?.error ?? null };
  const t = siteText(site, RESTOCK_STRINGS);
  const posted = state.restock;
  return {
    crumb,
    formKey: formKeyFor(crumb),
    cta: t('restock.cta'),
    emailLabel: t('restock.email'),
    email: posted?.email ?? '',
    // One sold-out variant is named; several are a choice.
    variant:
      soldOut.length === 1
        ? { id: soldOut[0]?.sku ?? '', name: variantDescription(soldOut[0]?.attributes ?? {}) }
        : null,
    variants:
      soldOut.length > 1
        ? soldOut.map((v) => ({
            id: v.sku,
            name: variantDescription(v.attributes),
            selected: posted?.variantId === v.sku,
          }))
        : null,
    mailingList: settings.mailingListSignUpEnabled
      ? { label: t('restock.mailingList'), checked: posted ? posted.join : settings.mailingListOptInByDefault }
      : null,
    button: t('restock.button'),
    error: posted?.error ?? null,
    signedUp: state.status === 'signed-up' ? settings.successText || t('restock.signedUp') : null,
  };
}

/** The page data of a product page's forms (see product.html and its partials). */
export function productFormsView(product: ProductRecord, site: SiteInfo, state: ProductFormState, crumb: string) {
  return {
    addForm: addFormView(product, site, state),
    restockForm: restockFormView(product, site, state, crumb),
  };
}
