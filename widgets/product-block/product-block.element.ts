import { defineWidget } from '../../runtime/define-widget';
import { PRODUCT_BLOCK_STYLES, ProductBlock, type ProductBlockProps } from './product-block';

defineWidget<ProductBlockProps>({
  tag: 'store-product-block',
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
    'store-product-block': HTMLElement;
  }
}
