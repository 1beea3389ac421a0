import storeData from '../../demo-pages/store.json' with { type: 'json' };
import type { Db } from './db';
import { setSetting } from './settings';

interface SeedVariant {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  qtyInStock?: number;
  unlimited?: boolean;
}

interface SeedProduct {
  id: string;
  slug: string;
  name: string;
  productType: number;
  description: string;
  isSubscribable?: boolean;
  subscriptionPlan?: unknown;
  formId?: string;
  customLabel?: string;
  variantOptionOrdering?: string[];
  variants: SeedVariant[];
}

/** The demo products plus the generated fillers that make the 48-product grid. */
export function demoProducts(): SeedProduct[] {
  const products: SeedProduct[] = [...(storeData.products as SeedProduct[])];
  const { count, adjectives, nouns, basePriceCents } = storeData.fillers;
  for (let i = 0; i < count; i++) {
    const name = `${adjectives[i % adjectives.length]} ${nouns[Math.floor(i / adjectives.length) % nouns.length]}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    products.push({
      id: `prod-${slug}`,
      slug,
      name,
      productType: 1,
      description: `A ${name.toLowerCase()} made in small batches.`,
      variants: [
        { sku: `${slug.toUpperCase()}-1`, attributes: {}, priceCents: basePriceCents + (i % 7) * 500, unlimited: true },
      ],
    });
  }
  return products;
}

/** Fills an empty database with the demo store. */
export function seedDemoStore(db: Db): void {
  const insertForm = db.prepare('INSERT INTO forms (id, definition) VALUES (?, ?)');
  const insertProduct = db.prepare(`
    INSERT INTO products (id, slug, name, product_type, description, is_subscribable, subscription_plan,
                          form_id, custom_label, variant_option_ordering, position)
    VALUES (@id, @slug, @name, @productType, @description, @isSubscribable, @subscriptionPlan,
            @formId, @customLabel, @ordering, @position)`);
  const insertVariant = db.prepare(`
    INSERT INTO variants (sku, product_id, attributes, price_cents, qty_in_stock, unlimited, position)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    setSetting(db, 'website_id', storeData.website.id);
    setSetting(db, 'site_title', storeData.website.title);
    setSetting(db, 'selected_currency', storeData.website.storeSettings.selectedCurrency);
    setSetting(
      db,
      'multiple_quantity_services',
      String(storeData.website.storeSettings.multipleQuantityAllowedForServices),
    );
    for (const form of storeData.forms) insertForm.run(form.id, JSON.stringify(form));
    demoProducts().forEach((p, position) => {
      insertProduct.run({
        id: p.id,
        slug: p.slug,
        name: p.name,
        productType: p.productType,
        description: p.description,
        isSubscribable: p.isSubscribable ? 1 : 0,
        subscriptionPlan: p.subscriptionPlan ? JSON.stringify(p.subscriptionPlan) : null,
        formId: p.formId ?? null,
        customLabel: p.customLabel ?? null,
        ordering: JSON.stringify(p.variantOptionOrdering ?? []),
        position,
      });
      p.variants.forEach((v, i) =>
        insertVariant.run(
          v.sku,
          p.id,
          JSON.stringify(v.attributes),
          v.priceCents,
          v.qtyInStock ?? 0,
          v.unlimited ? 1 : 0,
          i,
        ),
      );
    });
  })();
}
