import { NOT_SUBSCRIBABLE_TYPE } from '../../contract/enumerations';
import type Database from 'better-sqlite3';
import { countHeldUnits, HELD_UNITS_SCHEMA } from './held-units';
import { countHolderUnits, HOLDER_UNITS_SCHEMA } from './holder-units';
import { rollUpSchema } from './schema-roll-ups';

/**
 * The SQLite schema as of schema version 1; every statement is idempotent so opening an existing
 * file is safe. It stays as it is: a later change (a column, a table, an index) is a new step in
 * {@link MIGRATIONS}, which every file, new or old, runs through in order.
 */
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
CREATE INDEX IF NOT EXISTS carts_by_age ON carts(is_purchased, updated);
CREATE TABLE IF NOT EXISTS cart_entries (
  id                TEXT PRIMARY KEY,
  cart_id           TEXT NOT NULL REFERENCES carts(id),
  product_id        TEXT NOT NULL REFERENCES products(id),
  sku               TEXT NOT NULL REFERENCES variants(sku),
  quantity          INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  additional_fields TEXT,
  created           INTEGER NOT NULL,
  -- The entry reserves its units until then (ms since 1970); NULL or past: it reserves nothing.
  held_until        INTEGER
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
CREATE TABLE IF NOT EXISTS site_users (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  roles         TEXT NOT NULL DEFAULT '[]',
  created       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS site_user_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES site_users(id),
  created    INTEGER NOT NULL,
  expires    INTEGER NOT NULL
);
-- seq orders sign-ups for keyset paging: it only grows, so new rows never move paged ones.
CREATE TABLE IF NOT EXISTS restock_sign_ups (
  seq                  INTEGER PRIMARY KEY AUTOINCREMENT,
  id                   TEXT NOT NULL UNIQUE,
  product_id           TEXT NOT NULL REFERENCES products(id),
  sku                  TEXT NOT NULL REFERENCES variants(sku),
  email                TEXT NOT NULL,
  email_key            TEXT NOT NULL,
  is_join_mailing_list INTEGER NOT NULL DEFAULT 0,
  created              INTEGER NOT NULL,
  sent                 INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS restock_pending_once
  ON restock_sign_ups(product_id, sku, email_key) WHERE sent IS NULL;
CREATE INDEX IF NOT EXISTS restock_pending_by_variant
  ON restock_sign_ups(product_id, sku, seq) WHERE sent IS NULL;
CREATE TABLE IF NOT EXISTS outbox (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject    TEXT NOT NULL,
  body       TEXT NOT NULL,
  created    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS form_submission_keys (
  key     TEXT PRIMARY KEY,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL,
  used    INTEGER
);
CREATE TABLE IF NOT EXISTS form_submissions (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
  form_id              TEXT NOT NULL REFERENCES forms(id),
  answers              TEXT NOT NULL,
  page_title           TEXT NOT NULL DEFAULT '',
  page_id              TEXT NOT NULL DEFAULT '',
  content_source       TEXT NOT NULL DEFAULT '',
  page_path            TEXT NOT NULL DEFAULT '',
  page_permission_type INTEGER,
  created              INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS captcha_used_tokens (
  nonce   TEXT PRIMARY KEY,
  expires INTEGER NOT NULL
);
-- Product images (the demo store draws them as SVG); a variant may name its main image.
CREATE TABLE IF NOT EXISTS product_images (
  id         TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id),
  label      TEXT NOT NULL,
  color      TEXT NOT NULL,
  width      INTEGER NOT NULL CHECK (width BETWEEN 1 AND 10000),
  height     INTEGER NOT NULL CHECK (height BETWEEN 1 AND 10000),
  alt        TEXT NOT NULL DEFAULT '',
  position   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS images_by_product ON product_images(product_id, position);
CREATE TABLE IF NOT EXISTS variant_images (
  sku      TEXT PRIMARY KEY REFERENCES variants(sku),
  image_id TEXT NOT NULL REFERENCES product_images(id)
);
-- seq orders reviews for keyset paging (newest first): it only grows.
CREATE TABLE IF NOT EXISTS product_reviews (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  product_id  TEXT NOT NULL REFERENCES products(id),
  author_name TEXT NOT NULL,
  rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title       TEXT NOT NULL DEFAULT '',
  body        TEXT NOT NULL DEFAULT '',
  created     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS reviews_by_product ON product_reviews(product_id, seq);
-- Analytics (storefront spec, section 7; platform spec, section 3): page views and other census
-- hits, census and tracker events, browser error reports and performance records. The payload as
-- received is kept as JSON in data/payload; the columns the owner's analytics page groups by are
-- copied out. visitor_id is the census visitor id (ss_cid) when the browser has one.
CREATE TABLE IF NOT EXISTS analytics_hits (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  created        INTEGER NOT NULL,
  visitor_id     TEXT,
  event_type     INTEGER NOT NULL,
  path           TEXT NOT NULL,
  title          TEXT NOT NULL,
  website_id     TEXT,
  item_id        TEXT,
  collection_id  TEXT,
  visitor_record TEXT NOT NULL DEFAULT '',
  data           TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hits_by_path ON analytics_hits(event_type, path);
CREATE INDEX IF NOT EXISTS hits_by_visitor ON analytics_hits(visitor_id, event_type);
-- source: census (button-click, button-render, form-render, overlay, quick-view),
-- record-event (the older tracker) or event-service (schema = the event schema name).
CREATE TABLE IF NOT EXISTS analytics_events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  created    INTEGER NOT NULL,
  visitor_id TEXT,
  source     TEXT NOT NULL CHECK (source IN ('census', 'record-event', 'event-service')),
  schema     TEXT,
  name       TEXT NOT NULL,
  page_path  TEXT,
  item_id    TEXT,
  payload    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_visitor ON analytics_events(visitor_id);
CREATE TABLE IF NOT EXISTS analytics_error_reports (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  created      INTEGER NOT NULL,
  visitor_id   TEXT,
  event        TEXT NOT NULL,
  message      TEXT NOT NULL,
  stack        TEXT NOT NULL,
  source       TEXT NOT NULL,
  url          TEXT NOT NULL,
  user_agent   TEXT NOT NULL,
  reported     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS error_reports_by_visitor ON analytics_error_reports(visitor_id);
-- One page-speed record per page load (a repeat is ignored); its web vitals copied out for the histograms.
CREATE TABLE IF NOT EXISTS performance_records (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  created      INTEGER NOT NULL,
  visitor_id   TEXT,
  page_load_id TEXT NOT NULL,
  record_type  TEXT NOT NULL CHECK (record_type IN ('page-speed', 'image', 'user-timing')),
  pathname     TEXT,
  lcp          REAL,
  fcp          REAL,
  cls          REAL,
  inp          REAL,
  fid          REAL,
  data         TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS one_page_speed_per_load
  ON performance_records(page_load_id) WHERE record_type = 'page-speed';
CREATE INDEX IF NOT EXISTS performance_by_visitor ON performance_records(visitor_id, record_type);
`;

type Step = (db: Database.Database) => void;

/** Adds a column unless the table has it (files from before schema versions may or may not). */
function addColumnIfMissing(db: Database.Database, table: string, column: string, definition: string): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}

/**
 * Step `i` takes a file from schema version `i` to `i + 1` (`PRAGMA user_version`); `openDb` runs
 * the steps a file lacks in one transaction. Append new steps; never edit one that has shipped.
 */
export const MIGRATIONS: readonly Step[] = [
  // 0 -> 1: the schema above. Files made before versions were recorded are at 0 too, and those
  // made before stock holds lack the hold column of cart entries.
  (db) => {
    db.exec(SCHEMA);
    addColumnIfMissing(db, 'cart_entries', 'held_until', 'INTEGER');
  },
  // 1 -> 2: a subscription checkout holds its units like a cart entry (until then, ms since 1970).
  (db) => {
    addColumnIfMissing(db, 'subscription_carts', 'held_until', 'INTEGER');
    db.exec('CREATE INDEX IF NOT EXISTS subscription_holds_by_sku ON subscription_carts(sku, held_until)');
  },
  // 2 -> 3: the owner's product tags and categories (names unique per kind, whatever their case).
  (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS product_terms (
      kind TEXT NOT NULL CHECK (kind IN ('tag', 'category')),
      name TEXT NOT NULL COLLATE NOCASE,
      PRIMARY KEY (kind, name)
    )`);
  },
  // 3 -> 4: what an add to cart sums (the units each entry of a sku holds, and until when) is read
  // from the index alone; it replaces the index on the sku by itself.
  (db) => {
    db.exec(`CREATE INDEX IF NOT EXISTS entries_held_by_sku ON cart_entries(sku, held_until, quantity, cart_id);
      DROP INDEX IF EXISTS entries_by_sku;`);
  },
  // 4 -> 5: cart tokens of pages on other sites (digests only) and the one-time hand-offs that take
  // their carts to the store's own pages.
  (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS cart_tokens (
      token_hash   TEXT PRIMARY KEY,
      cart_id      TEXT,
      site_user_id TEXT,
      created      INTEGER NOT NULL,
      expires      INTEGER NOT NULL,
      revoked      INTEGER
    );
    CREATE INDEX IF NOT EXISTS cart_tokens_by_cart ON cart_tokens(cart_id);
    CREATE TABLE IF NOT EXISTS cart_handoffs (
      hash       TEXT PRIMARY KEY,
      kind       TEXT NOT NULL CHECK (kind IN ('code', 'ticket')),
      cart_id    TEXT NOT NULL,
      token_hash TEXT NOT NULL,
      created    INTEGER NOT NULL,
      expires    INTEGER NOT NULL,
      used       INTEGER
    );
    CREATE INDEX IF NOT EXISTS cart_handoffs_by_cart ON cart_handoffs(cart_id, kind);`);
  },
  // 5 -> 6: scarce holds and sign-in throttling. A hold of a scarce variant names who took it (a key of their address), and
  // each cart and address holds such a variant for a bounded span from its first hold.
  (db) => {
    addColumnIfMissing(db, 'cart_entries', 'holder', 'TEXT');
    addColumnIfMissing(db, 'subscription_carts', 'holder', 'TEXT');
    db.exec(`CREATE INDEX IF NOT EXISTS entries_held_by_holder
        ON cart_entries(holder, sku, held_until, quantity) WHERE holder IS NOT NULL;
      CREATE INDEX IF NOT EXISTS subscription_holds_by_holder
        ON subscription_carts(holder, sku, held_until, quantity) WHERE holder IS NOT NULL;
      CREATE TABLE IF NOT EXISTS hold_spans (
        holder TEXT NOT NULL,
        sku    TEXT NOT NULL,
        since  INTEGER NOT NULL,
        PRIMARY KEY (holder, sku)
      );
      CREATE INDEX IF NOT EXISTS hold_spans_by_age ON hold_spans(since);`);
    // Failed sign-ins per account (a keyed hash of the e-mail as typed) and scope: a key of one
    // address, or '*' for every address the account has not signed in from; and those addresses.
    db.exec(`CREATE TABLE IF NOT EXISTS sign_in_failures (
        account_key TEXT NOT NULL,
        scope       TEXT NOT NULL,
        failures    INTEGER NOT NULL,
        last        INTEGER NOT NULL,
        PRIMARY KEY (account_key, scope)
      );
      CREATE INDEX IF NOT EXISTS sign_in_failures_by_age ON sign_in_failures(last);
      CREATE TABLE IF NOT EXISTS sign_in_addresses (
        account_key TEXT NOT NULL,
        address_key TEXT NOT NULL,
        last        INTEGER NOT NULL,
        PRIMARY KEY (account_key, address_key)
      );
      CREATE INDEX IF NOT EXISTS sign_in_addresses_by_age ON sign_in_addresses(last);`);
    // The units held per sku, kept by triggers instead of summed over every holder on each call.
    db.exec(HELD_UNITS_SCHEMA);
    countHeldUnits(db, Date.now());
    // A shopper's data found by e-mail address (export, erasure) and swept by age without scans.
    addColumnIfMissing(db, 'site_users', 'last_seen', 'INTEGER');
    db.exec(`CREATE INDEX IF NOT EXISTS restock_by_email ON restock_sign_ups(email_key);
      CREATE INDEX IF NOT EXISTS restock_sent_by_age ON restock_sign_ups(sent) WHERE sent IS NOT NULL;
      CREATE INDEX IF NOT EXISTS outbox_by_address ON outbox(to_address COLLATE NOCASE);`);
    // Password-type answers were kept as typed: no longer (see keptAnswers in check-answers.ts).
    const forms = db.prepare('SELECT id, definition FROM forms').all() as { id: string; definition: string }[];
    for (const form of forms) {
      const fields = (JSON.parse(form.definition) as { fields?: { id: string; type: string }[] }).fields ?? [];
      for (const field of fields.filter((f) => f.type === 'password')) {
        const path = `$."${field.id.replaceAll('"', '""')}"`;
        db.prepare('UPDATE form_submissions SET answers = json_remove(answers, ?) WHERE form_id = ?').run(
          path,
          form.id,
        );
        db.prepare(
          `UPDATE cart_entries SET additional_fields = json_remove(additional_fields, ?)
           WHERE additional_fields IS NOT NULL AND product_id IN (SELECT id FROM products WHERE form_id = ?)`,
        ).run(path, form.id);
      }
    }
  },
  // 6 -> 7: a store that grows. SKUs looked up whatever their case, products in shop order,
  // sessions by expiry, and every foreign key's child column (a parent's write checks it); the owner's pages read roll-ups (analytics, restock groups) kept by triggers.
  (db) => {
    db.exec(`CREATE INDEX IF NOT EXISTS variants_by_sku_nocase ON variants(sku COLLATE NOCASE);
      CREATE INDEX IF NOT EXISTS products_by_position ON products(position, id);
      CREATE INDEX IF NOT EXISTS sessions_by_expiry ON site_user_sessions(expires);
      CREATE INDEX IF NOT EXISTS sessions_by_user ON site_user_sessions(user_id);
      CREATE INDEX IF NOT EXISTS entries_by_product ON cart_entries(product_id);
      CREATE INDEX IF NOT EXISTS subscriptions_by_product ON subscription_carts(product_id);
      CREATE INDEX IF NOT EXISTS restock_by_sku ON restock_sign_ups(sku);
      CREATE INDEX IF NOT EXISTS restock_by_product ON restock_sign_ups(product_id);
      ${rollUpSchema()}`);
  },
  // 7 -> 8: placed orders (checkout), each the purchased cart's summary as its confirmation shows it.
  (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS orders (
      id      TEXT PRIMARY KEY,
      cart_id TEXT NOT NULL REFERENCES carts(id),
      created INTEGER NOT NULL,
      summary TEXT NOT NULL
    )`);
  },
  // 8 -> 9: only physical (1) and service (3) products may be subscribable (platform spec, section 3),
  // whatever writes the catalog; a product of another type never was one for a merchant.
  (db) => {
    db.exec(`UPDATE products SET is_subscribable = 0 WHERE is_subscribable <> 0 AND product_type NOT IN (1, 3);
      CREATE TRIGGER IF NOT EXISTS subscribable_types_insert BEFORE INSERT ON products
        WHEN NEW.is_subscribable <> 0 AND NEW.product_type NOT IN (1, 3)
        BEGIN SELECT RAISE(ABORT, '${NOT_SUBSCRIBABLE_TYPE}'); END;
      CREATE TRIGGER IF NOT EXISTS subscribable_types_update BEFORE UPDATE OF is_subscribable, product_type ON products
        WHEN NEW.is_subscribable <> 0 AND NEW.product_type NOT IN (1, 3)
        BEGIN SELECT RAISE(ABORT, '${NOT_SUBSCRIBABLE_TYPE}'); END;`);
  },
  // 9 -> 10: the posts of the pages' own forms by their one-time key (a digest), with the answer
  // a post with the same key gets again.
  (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS page_form_posts (
      key_hash TEXT PRIMARY KEY,
      created  INTEGER NOT NULL,
      answer   TEXT
    );
    CREATE INDEX IF NOT EXISTS page_form_posts_by_age ON page_form_posts(created);`);
  },
  // 10 -> 11: a cart cookie is the cart's id and a keyed hash of it, no longer the bare id. The
  // carts open now were named by bare ids: each such cookie is taken once more, then changed
  // (0: not yet; else until when the bare id is still taken, for the browser's calls in flight).
  (db) => {
    addColumnIfMissing(db, 'carts', 'bare_cookie_until', 'INTEGER');
    db.exec('UPDATE carts SET bare_cookie_until = 0 WHERE is_purchased = 0');
  },
  // 11 -> 12: account creations waiting for their owner to follow the link mailed to them (a
  // digest of the link's code), so the answer to a creation says nothing of existing accounts.
  (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS pending_members (
      code_hash     TEXT PRIMARY KEY,
      email         TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created       INTEGER NOT NULL,
      expires       INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS pending_members_by_expiry ON pending_members(expires);
    CREATE INDEX IF NOT EXISTS pending_members_by_email ON pending_members(email COLLATE NOCASE);`);
  },
  // 12 -> 13: the units each address holds of each sku, kept by triggers (as per sku), so the fair
  // share of any limited variant is read at the same cost however many carts an address holds with.
  (db) => {
    db.exec(HOLDER_UNITS_SCHEMA);
    countHolderUnits(db, Date.now());
  },
];

/** The schema version this build writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;
