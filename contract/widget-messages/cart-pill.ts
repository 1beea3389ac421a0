/** The cart pill (storefront spec, sections 2, 9). English defaults, by key. */
export const CART_PILL_STRINGS = {
  'cartPill.countOver': '{max}+',
  'cartPill.items': '{count, plural, =1 {item} other {items}}',
  'cartPill.label': '{count, plural, =1 {one item in cart} other {# items in cart}}',
  'cartPill.labelOver': 'more than {max} items',
  'cartPill.cartOnly': 'Cart',
  'cartPill.subtotal': '{label}, subtotal ',
} as const;
