import { defineWidget } from '../../runtime/define-widget';
import { PRODUCT_BLOCK_STYLES, ProductBlock, type ProductBlockProps } from './product-block';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-product-block' as const;

defineWidget<ProductBlockProps>({
  tag: TAG,
  component: ProductBlock,
  events: [],
  attributes: {
    itemId: 'string',
    images: 'string',
    sizes: 'string',
  },
  styles: PRODUCT_BLOCK_STYLES,
});
