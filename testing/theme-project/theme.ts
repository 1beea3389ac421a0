// A theme project's use of the package, type-checked against the generated dist/ by
// build/types-generator.test.ts (with `storefront-widgets` in node_modules). Every
// `@ts-expect-error` line must fail to compile, or the check fails.
import type {
  AddToCartResponse,
  ShoppingCart,
  StoreAddToCartElement,
  StoreCensusElement,
  StoreEventDetail,
  StoreTag,
} from 'storefront-widgets';
import {
  getVariant,
  isFeatureEnabled,
  isFeatureToggleEnabled,
  type ChunkLoadError,
  type ExperimentResult,
  type NotFoundError,
  type StoreElementState,
} from 'storefront-widgets';

export const tag: StoreTag = 'store-add-to-cart';
// @ts-expect-error: not a store tag
export const notATag: StoreTag = 'store-nothing';

const button: StoreAddToCartElement | null = document.querySelector('store-add-to-cart');
export const itemId: string | undefined = button?.dataset.itemId;
export const express: string | undefined = button?.dataset.expressCheckout;
// @ts-expect-error: <store-add-to-cart> reads no data-colour attribute
export const colour = button?.dataset.colour;

const census: StoreCensusElement | null = document.querySelector('store-census');
export const cdn = census?.dataset.cdnHosts;

button?.addEventListener('store-item-added', (event) => {
  const id: string = event.detail.itemId;
  const quantity: number = event.detail.added.quantity;
  // @ts-expect-error: the detail of store-item-added has no cart
  console.log(id, quantity, event.detail.cart);
});

document.addEventListener('store-item-added', (event) => {
  const added: AddToCartResponse['newlyAdded'] = event.detail.added;
  // @ts-expect-error: itemId is a string
  const wrong: number = event.detail.itemId;
  console.log(added, wrong);
});

document.addEventListener('store-cart-change', (event) => {
  const cart: ShoppingCart = event.detail.cart;
  console.log(cart.totalQuantity, cart.entries[0]?.chosenVariant.sku);
});

document.querySelector('store-site-form')?.addEventListener('store-ads-pixel', (event) => {
  if (event.detail.name === 'Lead') console.log(event.detail.formId);
});

export function variantSku(detail: StoreEventDetail<'store-variant-change'>): string | undefined {
  return detail.variant?.sku;
}

// @ts-expect-error: not a store event
export type Nothing = StoreEventDetail<'store-nothing'>;

// Feature flags and experiments: the module's exports and `window.storefront`.

const label: ExperimentResult<string> = getVariant('add-button-label', 'control');
export const labelText: string = label.value;
export const why: string | undefined = label.error;
export const quick: boolean = isFeatureToggleEnabled('quick-add', false).value;
export const giftCards: boolean = isFeatureEnabled(40);
export const fromWindow: boolean = window.storefront.isFeatureToggleEnabled('quick-add', true).value;
// @ts-expect-error: a toggle's default is a boolean
isFeatureToggleEnabled('quick-add', 'yes');
// @ts-expect-error: getVariant gives a string
export const notANumber: number = window.storefront.getVariant('add-button-label', 'control').value;

// What a theme receives when a widget's code or CSS does not load, or a call finds nothing.
export function describeFailure(error: ChunkLoadError | NotFoundError): string {
  if (error.name === 'ChunkLoadError')
    return `${error.chunkId}${error.code === 'CSS_CHUNK_LOAD_FAILED' ? ' (CSS)' : ''}`;
  return error.path;
}
export const failedState: StoreElementState = 'failed';
// @ts-expect-error: a NotFoundError has no chunk
export const noChunk: string = ({} as NotFoundError).chunkId;
