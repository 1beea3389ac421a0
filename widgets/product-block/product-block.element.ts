import { defineWidget } from '../../runtime/define-widget';
import { PRODUCT_BLOCK_STYLES, ProductBlock, type ProductBlockProps } from './product-block';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-product-block' as const;

defineWidget<ProductBlockProps>({
  tag: TAG,
  component: ProductBlock,
  attributes: {
    itemId: { attr: 'data-item-id', type: 'string' },
    images: { attr: 'data-images', type: 'string' },
    sizes: { attr: 'data-sizes', type: 'string' },
  },
  styles: PRODUCT_BLOCK_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}
