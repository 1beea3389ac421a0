import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { PRODUCT_BLOCK_STYLES, ProductBlock, type ProductBlockProps } from './product-block';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-product-block' as const;

/** Its server markup shows all there is until the shopper acts: loads once the page is interactive, or on first contact. */
export const LOAD_AFTER_INTERACTIVE = true;

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
  cssProperties: cssPropertiesOf('--store-image-background'),
  parts: {
    'store-product-block': 'The image frame (a `<figure>`), sized to the first image’s proportions',
    'store-product-block__image': 'The image',
  },
});
