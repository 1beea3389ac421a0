import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { analyticsTotals, eventCounts, pageViewsByPath, vitalDistribution } from './analytics';
import { migrate } from './db';
import { listRestockGroups } from './restock';
import { MIGRATIONS } from './schema';

describe('schema step 5', () => {
  it('fills the roll-ups from the rows a file already has', () => {
    const db = new Database(':memory:');
    migrate(db, 'old.db', MIGRATIONS.slice(0, 4));
    db.exec(`
      INSERT INTO products (id, slug, name, product_type, position) VALUES ('p', 'p', 'Pot', 1, 1);
      INSERT INTO variants (sku, product_id, price_cents, position) VALUES ('P-1', 'p', 100, 0);
      INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, created)
        VALUES ('a', 'p', 'P-1', 'a@x.test', 'a@x.test', 0), ('b', 'p', 'P-1', 'b@x.test', 'b@x.test', 0);
      INSERT INTO analytics_hits (created, visitor_id, event_type, path, title, data)
        VALUES (0, 'v1', 1, '/a', '', '{}'), (0, 'v2', 1, '/a', '', '{}'), (0, 'v1', 1, '/b', '', '{}'),
               (0, NULL, 10, '/a', '', '{}');
      INSERT INTO analytics_events (created, source, schema, name, payload)
        VALUES (0, 'census', NULL, 'button-click', '{}'), (0, 'census', NULL, 'button-click', '{}');
      INSERT INTO performance_records (created, page_load_id, record_type, lcp, data)
        VALUES (0, 'l1', 'page-speed', 900, '{}'), (0, 'l2', 'page-speed', 2600, '{}');
    `);
    migrate(db, 'old.db', MIGRATIONS);
    expect(analyticsTotals(db)).toEqual({ pageViews: 3, events: 2, errorReports: 0 });
    expect(pageViewsByPath(db)).toEqual([
      { path: '/a', views: 2, visitors: 2 },
      { path: '/b', views: 1, visitors: 1 },
    ]);
    expect(eventCounts(db)).toEqual([{ source: 'census', schema: null, name: 'button-click', count: 2 }]);
    expect(vitalDistribution(db, 'lcp', { width: 500, bins: 10 })).toMatchObject({ total: 2, p75: 2600 });
    expect(listRestockGroups(db, undefined, 10).items).toMatchObject([{ productId: 'p', variantId: 'P-1', count: 2 }]);
    db.close();
  });
});
