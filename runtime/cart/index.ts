export {
  cartStore,
  createCartStore,
  resetCartStore,
  type CartStore,
  type CartState,
  type CartStatus,
  type CartStoreDeps,
} from './cart-store';
export { openCartChannel, type CartChannel } from './cart-channel';
