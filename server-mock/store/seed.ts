import storeData from '../../demo-pages/store.json' with { type: 'json' };
import { ProductType } from '../../contract/enumerations';
import type { Db } from './db';
import type { ImageDrawing } from './catalog';
import { addReview, type NewReview } from './reviews';
import {
  CAPTCHA_SETTINGS_KEY,
  COMMERCE_SETTINGS_KEY,
  EXPERIMENTS_KEY,
  SESSION_RECORDING_KEY,
  RESTOCK_SETTINGS_KEY,
  setSetting,
} from './settings';
import { addSiteUser, hashPassword } from './site-users';
import { HEADER_FOOTER_KEY, POPUP_SETTINGS_KEY } from './site-settings';

interface SeedVariant {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  qtyInStock?: number;
  unlimited?: boolean;
  /** Id of one of the product's images. */
  mainImageId?: string;
}

/** A demo image: drawn as a `color` background with `label` on it (all images of a product share a size). */
type SeedImage = ImageDrawing;

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
  images?: SeedImage[];
}

/** The demo products plus the generated fillers that make the 48-product grid. */
export function demoProducts(): SeedProduct[] {
  const products: SeedProduct[] = [...(storeData.products as SeedProduct[])];
  const { count, adjectives, nouns, basePriceCents, colors } = storeData.fillers;
  for (let i = 0; i < count; i++) {
    const name = `${adjectives[i % adjectives.length]} ${nouns[Math.floor(i / adjectives.length) % nouns.length]}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const image = `img-${slug}`;
    products.push({
      id: `prod-${slug}`,
      slug,
      name,
      productType: ProductType.PHYSICAL,
      description: `A ${name.toLowerCase()} made in small batches.`,
      variants: [
        {
          sku: `${slug.toUpperCase()}-1`,
          attributes: {},
          priceCents: basePriceCents + (i % 7) * 500,
          unlimited: true,
          mainImageId: image,
        },
      ],
      images: [
        { id: image, label: name, color: colors[i % colors.length] ?? '#cccccc', width: 1000, height: 1000, alt: name },
      ],
    });
  }
  return products;
}

/**
 * Settings key the demo seed writes on every demo start (the date it was first seeded): a
 * production start refuses a file that has it (store/production.ts).
 */
export const DEMO_STORE_KEY = 'demo_store';

/** The demo accounts' e-mails and passwords: published in the README, so never in production. */
export const DEMO_ACCOUNTS: readonly { email: string; password: string }[] = storeData.siteUsers.map(
  ({ email, password }) => ({ email, password }),
);

/** Password hashes of the demo users, made once per process (hashing is slow on purpose). */
const demoHashes = new Map<string, string>();

/** A demo review; `createdOn` is an ISO date. */
type SeedReview = Omit<NewReview, 'createdOn'> & { createdOn: string };

const productInsert = `
  INSERT INTO products (id, slug, name, product_type, description, is_subscribable, subscription_plan,
                        form_id, custom_label, variant_option_ordering, position)
  VALUES (@id, @slug, @name, @productType, @description, @isSubscribable, @subscriptionPlan,
          @formId, @customLabel, @ordering, @position)`;
const variantInsert = `
  INSERT INTO variants (sku, product_id, attributes, price_cents, qty_in_stock, unlimited, position)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/**
 * Stores a demo product and its variants; with `orIgnore` a product whose id or slug is taken is
 * left alone. Returns whether the product was stored.
 */
function insertProduct(db: Db, p: SeedProduct, position: number, orIgnore: boolean): boolean {
  const verb = orIgnore ? 'INSERT OR IGNORE' : 'INSERT';
  const { changes } = db.prepare(productInsert.replace('INSERT', verb)).run({
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
  if (changes === 0) return false;
  const insertVariant = db.prepare(variantInsert.replace('INSERT', verb));
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
  return true;
}

/**
 * Images, variant images and reviews of the demo products the catalog holds, each added only
 * when missing (a database made before they existed gets them; nothing is overwritten).
 */
function seedCatalogExtras(db: Db): void {
  const exists = db.prepare('SELECT 1 FROM products WHERE id = ?');
  const variantExists = db.prepare('SELECT 1 FROM variants WHERE sku = ? AND product_id = ?');
  const insertImage = db.prepare(
    `INSERT OR IGNORE INTO product_images (id, product_id, label, color, width, height, alt, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const imageOf = db.prepare('SELECT 1 FROM product_images WHERE id = ? AND product_id = ?');
  const insertVariantImage = db.prepare('INSERT OR IGNORE INTO variant_images (sku, image_id) VALUES (?, ?)');
  for (const p of demoProducts()) {
    if (!exists.get(p.id)) continue;
    (p.images ?? []).forEach((image, position) =>
      insertImage.run(image.id, p.id, image.label, image.color, image.width, image.height, image.alt, position),
    );
    for (const v of p.variants) {
      if (v.mainImageId && variantExists.get(v.sku, p.id) && imageOf.get(v.mainImageId, p.id)) {
        insertVariantImage.run(v.sku, v.mainImageId);
      }
    }
  }
  // Oldest first, so the review order (newest first) follows the dates.
  const reviews = [...(storeData.reviews as SeedReview[])].sort((a, b) => a.createdOn.localeCompare(b.createdOn));
  for (const { createdOn, ...review } of reviews) {
    if (exists.get(review.productId)) addReview(db, { ...review, createdOn: Date.parse(createdOn) });
  }
}

/**
 * Adds the parts of the demo store a database may lack, also one made by an older version:
 * forms, site users, the CAPTCHA, restock and commerce settings, and, when the catalog is not
 * empty, demo products added since (not the generated fillers), product images and reviews.
 * Never overwrites what is there.
 */
export function seedMissing(db: Db): void {
  const insertForm = db.prepare('INSERT OR IGNORE INTO forms (id, definition) VALUES (?, ?)');
  const insertSetting = db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  db.transaction(() => {
    insertSetting.run(DEMO_STORE_KEY, new Date().toISOString());
    for (const form of storeData.forms) insertForm.run(form.id, JSON.stringify(form));
    insertSetting.run(CAPTCHA_SETTINGS_KEY, JSON.stringify(storeData.captchaSettings));
    insertSetting.run(RESTOCK_SETTINGS_KEY, JSON.stringify(storeData.restockSettings));
    insertSetting.run(COMMERCE_SETTINGS_KEY, JSON.stringify(storeData.commerceSettings));
    insertSetting.run(EXPERIMENTS_KEY, JSON.stringify(storeData.experiments));
    insertSetting.run(SESSION_RECORDING_KEY, JSON.stringify(storeData.sessionRecording));
    insertSetting.run(HEADER_FOOTER_KEY, JSON.stringify(storeData.siteHeaderFooter));
    insertSetting.run(POPUP_SETTINGS_KEY, JSON.stringify(storeData.popup));
    for (const { password, ...user } of storeData.siteUsers) {
      const passwordHash = demoHashes.get(password) ?? hashPassword(password);
      demoHashes.set(password, passwordHash);
      addSiteUser(db, { ...user, passwordHash });
    }
    const { last } = db.prepare('SELECT MAX(position) AS last FROM products').get() as { last: number | null };
    if (last === null) return; // An empty catalog gets everything from seedDemoStore.
    let position = last + 1;
    for (const p of storeData.products as SeedProduct[]) if (insertProduct(db, p, position, true)) position += 1;
    seedCatalogExtras(db);
  })();
}

/** Fills an empty database with the demo catalog (after {@link seedMissing}, which adds its forms). */
export function seedDemoStore(db: Db): void {
  db.transaction(() => {
    setSetting(db, 'website_id', storeData.website.id);
    setSetting(db, 'site_title', storeData.website.title);
    setSetting(db, 'selected_currency', storeData.website.storeSettings.selectedCurrency);
    setSetting(
      db,
      'multiple_quantity_services',
      String(storeData.website.storeSettings.multipleQuantityAllowedForServices),
    );
    demoProducts().forEach((p, position) => insertProduct(db, p, position, false));
    seedCatalogExtras(db);
  })();
}

/** Seeds what the demo store lacks: the parts {@link seedMissing} adds and, when the catalog is empty, the whole demo catalog. */
export function seedDemoData(db: Db): void {
  seedMissing(db);
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
  if (n === 0) seedDemoStore(db);
}
