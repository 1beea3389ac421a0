import { AnalyticsEventType } from '../../contract/enumerations';

/**
 * Roll-ups the owner's pages read instead of scanning the rows they sum: kept by triggers, so every
 * insert and delete (a shopper's call, a trim, an erasure) keeps them right in the same statement.
 */

/** The analytics tables whose rows and payload bytes are counted. */
const ANALYTICS_TABLES = [
  'analytics_hits',
  'analytics_events',
  'analytics_error_reports',
  'performance_records',
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/** What a row weighs (the UTF-8 bytes of its free-size columns), over the row `r`. */
export function rowBytes(table: AnalyticsTable, r = ''): string {
  const col = (name: string) => `length(CAST(${r}${name} AS BLOB))`;
  const columns: Record<AnalyticsTable, string[]> = {
    analytics_hits: ['data', 'path', 'title'],
    analytics_events: ['payload', 'name'],
    analytics_error_reports: ['message', 'stack', 'url', 'user_agent'],
    performance_records: ['data'],
  };
  return columns[table].map(col).join(' + ');
}

/** The web vitals copied out of page-speed records. */
const VITAL_NAMES = ['lcp', 'fcp', 'cls', 'inp', 'fid'] as const;

/**
 * How a vital's value is counted: `key = floor(value / step)`, half the precision the owner's page
 * shows it with (1 ms, 0.001), so the key's value shows the same, and every chart's bin width is a
 * whole number of blocks (`BLOCK_KEYS` keys). Values above `max` count as `max`.
 */
export const VITAL_STEPS: Record<(typeof VITAL_NAMES)[number], { step: number; max: number }> = {
  lcp: { step: 0.5, max: 60_000 },
  fcp: { step: 0.5, max: 60_000 },
  cls: { step: 0.0005, max: 10 },
  inp: { step: 0.5, max: 60_000 },
  fid: { step: 0.5, max: 60_000 },
};

/** Keys per block: the percentile walks blocks, then the keys of one block. */
export const BLOCK_KEYS = 100;

function vitalKey(vital: (typeof VITAL_NAMES)[number], r: string): string {
  const { step, max } = VITAL_STEPS[vital];
  // The small epsilon keeps a value on a step's edge (0.15 / 0.0005 = 299.99…) in the step it starts.
  return `CAST(MIN(${r}${vital}, ${max}) / ${step} + 1e-7 AS INTEGER)`;
}

const PAGE_VIEW = AnalyticsEventType.PAGE_VIEW;

function counter(name: string, by: string): string {
  return `INSERT INTO analytics_counters (name, n) VALUES (${name}, ${by})
    ON CONFLICT (name) DO UPDATE SET n = n + excluded.n;`;
}

/** Tables, indexes and triggers of the roll-ups, filled from the rows already there. */
export function rollUpSchema(): string {
  const parts: string[] = [
    `CREATE TABLE IF NOT EXISTS analytics_counters (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS analytics_path_views (
      path TEXT PRIMARY KEY, views INTEGER NOT NULL, visitors INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS path_views_by_views ON analytics_path_views(views DESC, path);
    CREATE TABLE IF NOT EXISTS analytics_path_visitors (
      path TEXT NOT NULL, visitor_id TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (path, visitor_id)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS analytics_event_counts (
      source TEXT NOT NULL, schema TEXT NOT NULL, name TEXT NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (source, schema, name)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS event_counts_by_count ON analytics_event_counts(count DESC, source, schema, name);
    CREATE TABLE IF NOT EXISTS analytics_vital_counts (
      vital TEXT NOT NULL, level INTEGER NOT NULL, key INTEGER NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (vital, level, key)) WITHOUT ROWID;`,
  ];
  for (const table of ANALYTICS_TABLES) {
    parts.push(`CREATE TRIGGER IF NOT EXISTS ${table}_counted AFTER INSERT ON ${table} BEGIN
      ${counter(`'rows:${table}'`, '1')}
      ${counter(`'bytes:${table}'`, rowBytes(table, 'NEW.'))}
    END;
    CREATE TRIGGER IF NOT EXISTS ${table}_uncounted AFTER DELETE ON ${table} BEGIN
      UPDATE analytics_counters SET n = n - 1 WHERE name = 'rows:${table}';
      UPDATE analytics_counters SET n = n - (${rowBytes(table, 'OLD.')}) WHERE name = 'bytes:${table}';
    END;
    INSERT OR REPLACE INTO analytics_counters (name, n) SELECT 'rows:${table}', COUNT(*) FROM ${table};
    INSERT OR REPLACE INTO analytics_counters (name, n)
      SELECT 'bytes:${table}', COALESCE(SUM(${rowBytes(table)}), 0) FROM ${table};`);
  }

  // Page views per path, and the visitors (with an id) of each path.
  parts.push(`CREATE TRIGGER IF NOT EXISTS page_view_counted AFTER INSERT ON analytics_hits
    WHEN NEW.event_type = ${PAGE_VIEW} BEGIN
      ${counter("'page-views'", '1')}
      INSERT INTO analytics_path_views (path, views, visitors) VALUES (NEW.path, 1, 0)
        ON CONFLICT (path) DO UPDATE SET views = views + 1;
      UPDATE analytics_path_views SET visitors = visitors + 1
        WHERE path = NEW.path AND NEW.visitor_id IS NOT NULL AND NOT EXISTS
          (SELECT 1 FROM analytics_path_visitors WHERE path = NEW.path AND visitor_id = NEW.visitor_id);
      INSERT INTO analytics_path_visitors (path, visitor_id, views)
        SELECT NEW.path, NEW.visitor_id, 1 WHERE NEW.visitor_id IS NOT NULL
        ON CONFLICT (path, visitor_id) DO UPDATE SET views = views + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS page_view_uncounted AFTER DELETE ON analytics_hits
    WHEN OLD.event_type = ${PAGE_VIEW} BEGIN
      UPDATE analytics_counters SET n = n - 1 WHERE name = 'page-views';
      UPDATE analytics_path_visitors SET views = views - 1 WHERE path = OLD.path AND visitor_id = OLD.visitor_id;
      UPDATE analytics_path_views SET views = views - 1,
        visitors = visitors - (SELECT COUNT(*) FROM analytics_path_visitors
          WHERE path = OLD.path AND visitor_id = OLD.visitor_id AND views <= 0)
        WHERE path = OLD.path;
      DELETE FROM analytics_path_visitors WHERE path = OLD.path AND visitor_id = OLD.visitor_id AND views <= 0;
      DELETE FROM analytics_path_views WHERE path = OLD.path AND views <= 0;
    END;
    INSERT OR REPLACE INTO analytics_counters (name, n)
      SELECT 'page-views', COUNT(*) FROM analytics_hits WHERE event_type = ${PAGE_VIEW};
    INSERT OR REPLACE INTO analytics_path_visitors (path, visitor_id, views)
      SELECT path, visitor_id, COUNT(*) FROM analytics_hits
      WHERE event_type = ${PAGE_VIEW} AND visitor_id IS NOT NULL GROUP BY path, visitor_id;
    INSERT OR REPLACE INTO analytics_path_views (path, views, visitors)
      SELECT path, COUNT(*), COUNT(DISTINCT visitor_id) FROM analytics_hits
      WHERE event_type = ${PAGE_VIEW} GROUP BY path;`);

  // Events per source, schema ('' for none) and name.
  parts.push(`CREATE TRIGGER IF NOT EXISTS event_counted AFTER INSERT ON analytics_events BEGIN
      INSERT INTO analytics_event_counts (source, schema, name, count)
        VALUES (NEW.source, COALESCE(NEW.schema, ''), NEW.name, 1)
        ON CONFLICT (source, schema, name) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS event_uncounted AFTER DELETE ON analytics_events BEGIN
      UPDATE analytics_event_counts SET count = count - 1
        WHERE source = OLD.source AND schema = COALESCE(OLD.schema, '') AND name = OLD.name;
      DELETE FROM analytics_event_counts
        WHERE source = OLD.source AND schema = COALESCE(OLD.schema, '') AND name = OLD.name AND count <= 0;
    END;
    INSERT OR REPLACE INTO analytics_event_counts (source, schema, name, count)
      SELECT source, COALESCE(schema, ''), name, COUNT(*) FROM analytics_events
      GROUP BY source, COALESCE(schema, ''), name;`);

  // Performance records per type, and each vital's page-speed values by key and by block of keys.
  const vitalIn: string[] = [];
  const vitalOut: string[] = [];
  for (const vital of VITAL_NAMES) {
    for (const [level, key] of [
      [0, vitalKey(vital, 'NEW.')],
      [1, `${vitalKey(vital, 'NEW.')} / ${BLOCK_KEYS}`],
    ] as const) {
      vitalIn.push(`INSERT INTO analytics_vital_counts (vital, level, key, n)
        SELECT '${vital}', ${level}, ${key}, 1 WHERE NEW.${vital} IS NOT NULL
        ON CONFLICT (vital, level, key) DO UPDATE SET n = n + 1;`);
      const old = key.replaceAll('NEW.', 'OLD.');
      vitalOut.push(`UPDATE analytics_vital_counts SET n = n - 1
        WHERE OLD.${vital} IS NOT NULL AND vital = '${vital}' AND level = ${level} AND key = ${old};
        DELETE FROM analytics_vital_counts
        WHERE OLD.${vital} IS NOT NULL AND vital = '${vital}' AND level = ${level} AND key = ${old} AND n <= 0;`);
    }
  }
  parts.push(`CREATE TRIGGER IF NOT EXISTS record_counted AFTER INSERT ON performance_records BEGIN
      ${counter("'records:' || NEW.record_type", '1')}
    END;
    CREATE TRIGGER IF NOT EXISTS record_uncounted AFTER DELETE ON performance_records BEGIN
      UPDATE analytics_counters SET n = n - 1 WHERE name = 'records:' || OLD.record_type;
    END;
    CREATE TRIGGER IF NOT EXISTS vitals_counted AFTER INSERT ON performance_records
    WHEN NEW.record_type = 'page-speed' BEGIN
      ${vitalIn.join('\n')}
    END;
    CREATE TRIGGER IF NOT EXISTS vitals_uncounted AFTER DELETE ON performance_records
    WHEN OLD.record_type = 'page-speed' BEGIN
      ${vitalOut.join('\n')}
    END;
    INSERT OR REPLACE INTO analytics_counters (name, n)
      SELECT 'records:' || record_type, COUNT(*) FROM performance_records GROUP BY record_type;`);
  for (const vital of VITAL_NAMES) {
    for (const [level, key] of [
      [0, vitalKey(vital, '')],
      [1, `${vitalKey(vital, '')} / ${BLOCK_KEYS}`],
    ] as const) {
      parts.push(`INSERT OR REPLACE INTO analytics_vital_counts (vital, level, key, n)
        SELECT '${vital}', ${level}, ${key} AS k, COUNT(*) FROM performance_records
        WHERE record_type = 'page-speed' AND ${vital} IS NOT NULL GROUP BY k;`);
    }
  }

  // Restock sign-up groups: pending sign-ups per product variant, ordered by the oldest one.
  const leave = (r: string) => `UPDATE restock_groups SET count = count - 1,
        first_seq = CASE WHEN first_seq = ${r}.seq THEN COALESCE(
          (SELECT MIN(seq) FROM restock_sign_ups
           WHERE product_id = ${r}.product_id AND sku = ${r}.sku AND sent IS NULL AND seq > ${r}.seq),
          first_seq) ELSE first_seq END
        WHERE product_id = ${r}.product_id AND sku = ${r}.sku;
      DELETE FROM restock_groups WHERE product_id = ${r}.product_id AND sku = ${r}.sku AND count <= 0;`;
  const join = `INSERT INTO restock_groups (product_id, sku, first_seq, count) VALUES (NEW.product_id, NEW.sku, NEW.seq, 1)
        ON CONFLICT (product_id, sku) DO UPDATE SET count = count + 1, first_seq = MIN(first_seq, excluded.first_seq);`;
  parts.push(`CREATE TABLE IF NOT EXISTS restock_groups (
      product_id TEXT NOT NULL, sku TEXT NOT NULL, first_seq INTEGER NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (product_id, sku)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS restock_groups_by_first ON restock_groups(first_seq);
    CREATE TRIGGER IF NOT EXISTS restock_group_joined AFTER INSERT ON restock_sign_ups WHEN NEW.sent IS NULL BEGIN
      ${join}
    END;
    CREATE TRIGGER IF NOT EXISTS restock_group_sent AFTER UPDATE OF sent ON restock_sign_ups
    WHEN OLD.sent IS NULL AND NEW.sent IS NOT NULL BEGIN
      ${leave('OLD')}
    END;
    CREATE TRIGGER IF NOT EXISTS restock_group_unsent AFTER UPDATE OF sent ON restock_sign_ups
    WHEN OLD.sent IS NOT NULL AND NEW.sent IS NULL BEGIN
      ${join}
    END;
    CREATE TRIGGER IF NOT EXISTS restock_group_left AFTER DELETE ON restock_sign_ups WHEN OLD.sent IS NULL BEGIN
      ${leave('OLD')}
    END;
    INSERT OR REPLACE INTO restock_groups (product_id, sku, first_seq, count)
      SELECT product_id, sku, MIN(seq), COUNT(*) FROM restock_sign_ups WHERE sent IS NULL GROUP BY product_id, sku;`);
  return parts.join('\n');
}
