// The option and variant lookups are shared with the server's product form: one copy, in contract/.
export { findVariant, unselectedOptions, variantOptions, type VariantOption } from '../../contract/add-to-cart-check';
