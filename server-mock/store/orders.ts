import { randomBytes } from 'node:crypto';
import type { OrderSummary } from '../../contract/cart';
import { OUT_OF_STOCK } from '../../contract/messages';
import { formatMoney } from '../../contract/money';
import { getCart } from './carts';
import { getProduct, reservedQuantity } from './catalog';
import type { Db } from './db';
import { StoreError } from './store-error';

/** Refusals of a checkout (the cart page's own words where it has them). */
export const ORDER_MESSAGES = {
  empty: 'You have nothing in your shopping cart.',
  belowMinimum: (minimum: string) => `To check out, your order subtotal must be ${minimum} or more.`,
} as const;

/**
 * Places the order of an open cart in one immediate transaction: every limited variant must still
 * have the units (besides what other carts hold), its stock goes down by them, the cart becomes
 * purchased (its entries hold nothing more) and the order is kept for its confirmation page.
 */
export function placeOrder(db: Db, cartId: string | null, now: number): OrderSummary {
  return db
    .transaction(() => {
      const cart = getCart(db, cartId);
      if (!cart || !cartId || cart.entries.length === 0) throw new StoreError('invalid', ORDER_MESSAGES.empty);
      if (cart.minimumSubtotalCents !== undefined && cart.subtotalCents < cart.minimumSubtotalCents) {
        const minimum = formatMoney(cart.minimumSubtotalCents, cart.currencyCode);
        throw new StoreError('conflict', ORDER_MESSAGES.belowMinimum(minimum));
      }
      const take = db.prepare('UPDATE variants SET qty_in_stock = qty_in_stock - ? WHERE sku = ? AND unlimited = 0');
      for (const entry of cart.entries) {
        const variant = getProduct(db, entry.itemId)?.variants.find((v) => v.sku === entry.chosenVariant.sku);
        if (!variant) throw new StoreError('conflict', OUT_OF_STOCK);
        if (variant.unlimited) continue;
        const others = reservedQuantity(db, variant.sku, now, cartId);
        if (others + entry.quantity > variant.qtyInStock) throw new StoreError('conflict', OUT_OF_STOCK);
        take.run(entry.quantity, variant.sku);
      }
      db.prepare('UPDATE cart_entries SET held_until = NULL WHERE cart_id = ?').run(cartId);
      db.prepare('UPDATE carts SET is_purchased = 1, updated = ? WHERE id = ?').run(now, cartId);
      const order: OrderSummary = {
        id: randomBytes(12).toString('hex'),
        created: now,
        currencyCode: cart.currencyCode,
        subtotalCents: cart.subtotalCents,
        taxCents: cart.taxCents,
        shippingCostCents: cart.shippingCostCents,
        grandTotalCents: cart.grandTotalCents,
        items: cart.entries.map((e) => ({
          id: e.itemId,
          sku: e.chosenVariant.sku,
          name: e.title,
          quantity: e.quantity,
          priceCents: e.purchasePriceCents,
        })),
      };
      db.prepare('INSERT INTO orders (id, cart_id, created, summary) VALUES (?, ?, ?, ?)').run(
        order.id,
        cartId,
        now,
        JSON.stringify(order),
      );
      return order;
    })
    .immediate();
}

/** The placed order with this id, or undefined. */
export function getOrder(db: Db, orderId: string): OrderSummary | undefined {
  if (!/^[0-9a-f]{24}$/.test(orderId)) return undefined;
  const row = db.prepare('SELECT summary FROM orders WHERE id = ?').get(orderId) as { summary: string } | undefined;
  return row ? (JSON.parse(row.summary) as OrderSummary) : undefined;
}
