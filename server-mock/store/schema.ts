/** The SQLite schema; every statement is idempotent so opening an existing file is safe. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS forms (
  id         TEXT PRIMARY KEY,
  definition TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS products (
  id                      TEXT PRIMARY KEY,
  slug                    TEXT NOT NULL UNIQUE,
  name                    TEXT NOT NULL,
  product_type            INTEGER NOT NULL CHECK (product_type BETWEEN 1 AND 5),
  description             TEXT NOT NULL DEFAULT '',
  is_subscribable         INTEGER NOT NULL DEFAULT 0,
  subscription_plan       TEXT,
  form_id                 TEXT REFERENCES forms(id),
  custom_label            TEXT,
  variant_option_ordering TEXT NOT NULL DEFAULT '[]',
  position                INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS variants (
  sku          TEXT PRIMARY KEY,
  product_id   TEXT NOT NULL REFERENCES products(id),
  attributes   TEXT NOT NULL DEFAULT '{}',
  price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
  qty_in_stock INTEGER NOT NULL DEFAULT 0 CHECK (qty_in_stock >= 0),
  unlimited    INTEGER NOT NULL DEFAULT 0,
  position     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS variants_by_product ON variants(product_id, position);
CREATE TABLE IF NOT EXISTS carts (
  id           TEXT PRIMARY KEY,
  created      INTEGER NOT NULL,
  updated      INTEGER NOT NULL,
  is_purchased INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS cart_entries (
  id                TEXT PRIMARY KEY,
  cart_id           TEXT NOT NULL REFERENCES carts(id),
  product_id        TEXT NOT NULL REFERENCES products(id),
  sku               TEXT NOT NULL REFERENCES variants(sku),
  quantity          INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  additional_fields TEXT,
  created           INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_by_cart ON cart_entries(cart_id, created);
CREATE INDEX IF NOT EXISTS entries_by_sku ON cart_entries(sku);
CREATE TABLE IF NOT EXISTS subscription_carts (
  token             TEXT PRIMARY KEY,
  product_id        TEXT NOT NULL REFERENCES products(id),
  sku               TEXT NOT NULL REFERENCES variants(sku),
  quantity          INTEGER NOT NULL,
  additional_fields TEXT,
  created           INTEGER NOT NULL
);
`;
