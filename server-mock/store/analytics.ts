import type { PerformanceRecordType } from '../../contract/analytics';
import { AnalyticsEventType } from '../../contract/enumerations';
import type { Db } from './db';
import { newestFirstPage } from './newest-first';
import type { PageRequest, TwoWayPage } from './page-cursor';
import { BLOCK_KEYS, rowBytes, VITAL_STEPS, type AnalyticsTable } from './schema-roll-ups';

/**
 * Analytics storage: census hits, census and tracker events, browser error reports and
 * performance records. Callers hand in rows already checked; this file only stores and counts.
 */

/** The SQL condition of page-view hits. */
const PAGE_VIEWS = `event_type = ${AnalyticsEventType.PAGE_VIEW}`;

/** Rows kept per analytics table; older ones are dropped as new ones come (the demo store's file stays small). */
export const MAX_ANALYTICS_ROWS = 100_000;

/** One census hit (a page view, mostly). */
export interface HitRow {
  /** The census visitor id (ss_cid), null without analytics cookies. */
  visitorId: string | null;
  /** An `AnalyticsEventType` code. */
  eventType: number;
  path: string;
  title: string;
  websiteId: string | null;
  itemId: string | null;
  collectionId: string | null;
  /** The `ss_cvr` value sent with it ('' without cookies). */
  visitorRecord: string;
  /** The whole `data` of the hit. */
  data: unknown;
}

/** Which call stored an event: the census, the older tracker (RecordEvent) or the event service. Not the platform's `EventSource` (WEB, IOS, …). */
export type EventEndpoint = 'census' | 'record-event' | 'event-service';

/** One census or tracker event. */
export interface EventRow {
  visitorId: string | null;
  source: EventEndpoint;
  /** The event service's schema name; null for census and older-tracker events. */
  schema: string | null;
  /** button-click, button-render, form-render, overlay, quick-view; the tracker's event name. */
  name: string;
  pagePath: string | null;
  itemId: string | null;
  payload: unknown;
}

/** One error report of a page. */
export interface ErrorReportRow {
  visitorId: string | null;
  event: string;
  message: string;
  stack: string;
  /** The widget or module it came from. */
  source: string;
  url: string;
  userAgent: string;
  /** When the browser saw it, epoch ms. */
  reported: number;
}

/** The web vitals of a page-speed record (ms; CLS unitless); null where not measured. */
export interface Vitals {
  lcp: number | null;
  fcp: number | null;
  cls: number | null;
  inp: number | null;
  fid: number | null;
}

/** One performance record. */
export interface PerformanceRow {
  visitorId: string | null;
  pageLoadId: string;
  recordType: PerformanceRecordType;
  /** The page's path (page-speed records). */
  pathname: string | null;
  /** Page-speed records only. */
  vitals: Vitals | null;
  data: unknown;
}

type Table = AnalyticsTable;

/**
 * Bytes of payload kept per analytics table (what a row holds beyond its fixed columns); the
 * oldest rows go first once a table is over it. With {@link MAX_ANALYTICS_ROWS} this bounds the
 * file whatever the calls carry.
 */
export const MAX_ANALYTICS_TABLE_BYTES = 32 * 1024 * 1024;

/** The caps of one database (tests lower them). */
export interface AnalyticsCaps {
  rows: number;
  bytes: number;
}
const caps = new WeakMap<Db, AnalyticsCaps>();

/** Sets the row and byte caps of a database's analytics tables. */
export function setAnalyticsCaps(db: Db, value: AnalyticsCaps): void {
  caps.set(db, value);
}

function capsOf(db: Db): AnalyticsCaps {
  return caps.get(db) ?? { rows: MAX_ANALYTICS_ROWS, bytes: MAX_ANALYTICS_TABLE_BYTES };
}

/** A roll-up counter (schema-roll-ups.ts): rows and bytes of each table, page views, records per type. */
function counter(db: Db, name: string): number {
  const row = db.prepare('SELECT n FROM analytics_counters WHERE name = ?').get(name) as { n: number } | undefined;
  return row?.n ?? 0;
}

/** The payload bytes a table holds (kept by the roll-up triggers). */
export function analyticsTableBytes(db: Db, table: Table): number {
  return counter(db, `bytes:${table}`);
}

/** Rows deleted per trim step: one step is one short transaction, and the next waits for the event loop. */
const TRIM_BATCH_ROWS = 500;

function overCaps(db: Db, table: Table): boolean {
  const limit = capsOf(db);
  return counter(db, `rows:${table}`) > limit.rows || analyticsTableBytes(db, table) > limit.bytes;
}

/**
 * Deletes at most {@link TRIM_BATCH_ROWS} of the oldest rows of a table over its row cap, then of
 * one over its byte cap (down to 90 % of it, so a full table does not pay a trim for every insert).
 * Returns whether the table is still over a cap.
 */
function trimStep(db: Db, table: Table): boolean {
  const limit = capsOf(db);
  db.transaction(() => {
    const rows = counter(db, `rows:${table}`);
    let drop = Math.min(TRIM_BATCH_ROWS, Math.max(0, rows - limit.rows));
    if (drop === 0 && analyticsTableBytes(db, table) > limit.bytes) {
      let bytes = analyticsTableBytes(db, table);
      const oldest = db
        .prepare(`SELECT ${rowBytes(table)} AS size FROM ${table} ORDER BY id LIMIT ?`)
        .all(TRIM_BATCH_ROWS) as { size: number }[];
      for (const row of oldest) {
        if (bytes <= limit.bytes * 0.9) break;
        bytes -= row.size;
        drop += 1;
      }
    }
    if (drop === 0) return;
    const last = db.prepare(`SELECT id FROM ${table} ORDER BY id LIMIT 1 OFFSET ?`).get(drop - 1) as { id: number };
    db.prepare(`DELETE FROM ${table} WHERE id <= ?`).run(last.id);
  })();
  return overCaps(db, table);
}

/** Per database: the tables whose trim is under way, and the promise of its end. */
const trims = new WeakMap<Db, Map<Table, Promise<void>>>();

/**
 * Trims a table over its caps in steps that each wait for the event loop to come round (off the
 * request that crossed the cap); a trim under way is not started twice.
 */
function scheduleTrim(db: Db, table: Table): void {
  if (!overCaps(db, table)) return;
  let running = trims.get(db);
  if (!running) trims.set(db, (running = new Map()));
  if (running.has(table)) return;
  const byTable = running;
  byTable.set(
    table,
    new Promise<void>((resolve) => {
      const step = () => {
        try {
          if (db.open && (db.inTransaction || trimStep(db, table))) {
            setImmediate(step);
            return;
          }
        } catch (error) {
          console.error(error);
        }
        byTable.delete(table);
        resolve();
      };
      setImmediate(step);
    }),
  );
}

/** Resolves once every trim under way on the database is over (tests wait for it). */
export async function analyticsTrimmed(db: Db): Promise<void> {
  for (;;) {
    const running = [...(trims.get(db)?.values() ?? [])];
    if (running.length === 0) return;
    await Promise.all(running);
  }
}

export function recordHit(db: Db, row: HitRow, created = Date.now()): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO analytics_hits
         (created, visitor_id, event_type, path, title, website_id, item_id, collection_id, visitor_record, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      created,
      row.visitorId,
      row.eventType,
      row.path,
      row.title,
      row.websiteId,
      row.itemId,
      row.collectionId,
      row.visitorRecord,
      JSON.stringify(row.data),
    );
  })();
  scheduleTrim(db, 'analytics_hits');
}

/** Stores the events of one call, all or none. */
export function recordEvents(db: Db, rows: readonly EventRow[], created = Date.now()): void {
  const insert = db.prepare(
    `INSERT INTO analytics_events (created, visitor_id, source, schema, name, page_path, item_id, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const r of rows) {
      insert.run(created, r.visitorId, r.source, r.schema, r.name, r.pagePath, r.itemId, JSON.stringify(r.payload));
    }
  })();
  scheduleTrim(db, 'analytics_events');
}

/** Stores the reports of one call, all or none. */
export function recordErrorReports(db: Db, rows: readonly ErrorReportRow[], created = Date.now()): void {
  const insert = db.prepare(
    `INSERT INTO analytics_error_reports
       (created, visitor_id, event, message, stack, source, url, user_agent, reported)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const r of rows) {
      insert.run(created, r.visitorId, r.event, r.message, r.stack, r.source, r.url, r.userAgent, r.reported);
    }
  })();
  scheduleTrim(db, 'analytics_error_reports');
}

/**
 * Stores the records of one call, all or none; a second page-speed record of the same page
 * load is ignored. Returns how many were stored.
 */
export function recordPerformance(db: Db, rows: readonly PerformanceRow[], created = Date.now()): number {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO performance_records
       (created, visitor_id, page_load_id, record_type, pathname, lcp, fcp, cls, inp, fid, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const stored = db.transaction(() => {
    let stored = 0;
    for (const r of rows) {
      const v = r.vitals;
      stored += insert.run(
        created,
        r.visitorId,
        r.pageLoadId,
        r.recordType,
        r.pathname,
        v?.lcp ?? null,
        v?.fcp ?? null,
        v?.cls ?? null,
        v?.inp ?? null,
        v?.fid ?? null,
        JSON.stringify(r.data),
      ).changes;
    }
    return stored;
  })();
  scheduleTrim(db, 'performance_records');
  return stored;
}

/** Which analytics to count: everyone's, or one visitor's (by census visitor id). */
export interface AnalyticsFilter {
  visitorId?: string;
}

function where(filter: AnalyticsFilter, conditions: string[] = []): { sql: string; params: string[] } {
  const all = filter.visitorId === undefined ? conditions : [...conditions, 'visitor_id = ?'];
  return {
    sql: all.length > 0 ? `WHERE ${all.join(' AND ')}` : '',
    params: filter.visitorId === undefined ? [] : [filter.visitorId],
  };
}

export interface AnalyticsTotals {
  pageViews: number;
  events: number;
  errorReports: number;
}

/** How many page views, events and error reports there are. */
export function analyticsTotals(db: Db, filter: AnalyticsFilter = {}): AnalyticsTotals {
  if (filter.visitorId === undefined) {
    return {
      pageViews: counter(db, 'page-views'),
      events: counter(db, 'rows:analytics_events'),
      errorReports: counter(db, 'rows:analytics_error_reports'),
    };
  }
  const count = (table: Table, conditions: string[] = []) => {
    const w = where(filter, conditions);
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${w.sql}`).get(...w.params) as { n: number }).n;
  };
  return {
    pageViews: count('analytics_hits', [PAGE_VIEWS]),
    events: count('analytics_events'),
    errorReports: count('analytics_error_reports'),
  };
}

export interface PathViews {
  path: string;
  views: number;
  /** Distinct visitors with an id (visits without analytics cookies are not told apart). */
  visitors: number;
}

/** Page views per path, most viewed first. */
export function pageViewsByPath(db: Db, filter: AnalyticsFilter = {}, limit = 100): PathViews[] {
  if (filter.visitorId === undefined) {
    return db
      .prepare('SELECT path, views, visitors FROM analytics_path_views ORDER BY views DESC, path LIMIT ?')
      .all(limit) as PathViews[];
  }
  const w = where(filter, [PAGE_VIEWS]);
  return db
    .prepare(
      `SELECT path, COUNT(*) AS views, COUNT(DISTINCT visitor_id) AS visitors
       FROM analytics_hits ${w.sql} GROUP BY path ORDER BY views DESC, path LIMIT ?`,
    )
    .all(...w.params, limit) as PathViews[];
}

export interface EventCount {
  source: EventEndpoint;
  schema: string | null;
  name: string;
  count: number;
}

/** Events per source, schema and name, most frequent first. */
export function eventCounts(db: Db, filter: AnalyticsFilter = {}, limit = 200): EventCount[] {
  if (filter.visitorId === undefined) {
    return db
      .prepare(
        `SELECT c.source, NULLIF(c.schema, '') AS schema, c.name, c.count FROM analytics_event_counts c
         ORDER BY c.count DESC, c.source, c.schema, c.name LIMIT ?`,
      )
      .all(limit) as EventCount[];
  }
  const w = where(filter);
  return db
    .prepare(
      `SELECT source, schema, name, COUNT(*) AS count FROM analytics_events ${w.sql}
       GROUP BY source, schema, name ORDER BY count DESC, source, schema, name LIMIT ?`,
    )
    .all(...w.params, limit) as EventCount[];
}

export interface StoredErrorReport extends Omit<ErrorReportRow, 'visitorId'> {
  id: number;
  /** When the server got it, epoch ms. */
  created: number;
}

/** Error reports per page of the owner's analytics page. */
const ERROR_REPORTS_PAGE_SIZE = 50;

/** A page of the error reports, newest first (see {@link newestFirstPage}). */
export function errorReportsPage(
  db: Db,
  filter: AnalyticsFilter = {},
  request: PageRequest = {},
  size = ERROR_REPORTS_PAGE_SIZE,
): TwoWayPage<StoredErrorReport> {
  const w = where(filter);
  return newestFirstPage<StoredErrorReport>(
    db,
    {
      list: 'errors',
      table: 'analytics_error_reports',
      columns: 'id, created, event, message, stack, source, url, user_agent AS userAgent, reported',
      where: w.sql.replace(/^WHERE /, ''),
      params: w.params,
    },
    request,
    size,
  );
}

/** Performance records per type. */
export function performanceCounts(db: Db, filter: AnalyticsFilter = {}): Record<PerformanceRecordType, number> {
  if (filter.visitorId === undefined) {
    return {
      'page-speed': counter(db, 'records:page-speed'),
      image: counter(db, 'records:image'),
      'user-timing': counter(db, 'records:user-timing'),
    };
  }
  const w = where(filter);
  const rows = db
    .prepare(`SELECT record_type AS type, COUNT(*) AS n FROM performance_records ${w.sql} GROUP BY record_type`)
    .all(...w.params) as { type: PerformanceRecordType; n: number }[];
  const counts: Record<PerformanceRecordType, number> = { 'page-speed': 0, image: 0, 'user-timing': 0 };
  for (const { type, n } of rows) counts[type] = n;
  return counts;
}

export type VitalName = keyof Vitals;

/** How a vital's values are binned: `bins` bins of `width` from 0, and one more for everything above. */
export interface Binning {
  width: number;
  bins: number;
}

export interface VitalDistribution {
  /** Page loads per bin; the last one counts values of `width * bins` and more. */
  counts: number[];
  total: number;
  /** The 75th percentile (nearest rank), null without values. */
  p75: number | null;
}

const VITAL_COLUMNS: Record<VitalName, string> = { lcp: 'lcp', fcp: 'fcp', cls: 'cls', inp: 'inp', fid: 'fid' };

/** A web vital's values over the page-speed records, binned, with its 75th percentile. */
export function vitalDistribution(
  db: Db,
  vital: VitalName,
  binning: Binning,
  filter: AnalyticsFilter = {},
): VitalDistribution {
  if (filter.visitorId === undefined) return rolledUpDistribution(db, vital, binning);
  const column = VITAL_COLUMNS[vital];
  const w = where(filter, [`record_type = 'page-speed'`, `${column} IS NOT NULL`]);
  // The small epsilon keeps a value on a bin edge (0.15 / 0.05 = 2.9999…) in the bin it starts.
  const rows = db
    .prepare(
      `SELECT MIN(CAST(${column} / ? + 1e-9 AS INTEGER), ?) AS bin, COUNT(*) AS n
       FROM performance_records ${w.sql} GROUP BY bin`,
    )
    .all(binning.width, binning.bins, ...w.params) as { bin: number; n: number }[];
  const counts = Array.from({ length: binning.bins + 1 }, () => 0);
  let total = 0;
  for (const { bin, n } of rows) {
    const i = Math.max(0, Math.min(binning.bins, bin));
    counts[i] = (counts[i] ?? 0) + n;
    total += n;
  }
  let p75: number | null = null;
  if (total > 0) {
    const row = db
      .prepare(`SELECT ${column} AS v FROM performance_records ${w.sql} ORDER BY ${column} LIMIT 1 OFFSET ?`)
      .get(...w.params, Math.ceil(total * 0.75) - 1) as { v: number } | undefined;
    p75 = row?.v ?? null;
  }
  return { counts, total, p75 };
}

/**
 * {@link vitalDistribution} of every visitor, from the roll-up of keys (`VITAL_STEPS`) and blocks
 * of keys: bins sum blocks when a bin is a whole number of them; the 75th percentile walks the
 * blocks, then the keys of its block. Its value is its key's lower edge (within half the precision
 * the owner's page shows).
 */
function rolledUpDistribution(db: Db, vital: VitalName, binning: Binning): VitalDistribution {
  const { step } = VITAL_STEPS[vital];
  const keysPerBin = Math.round(binning.width / step);
  const byBlock = keysPerBin % BLOCK_KEYS === 0;
  const perBin = byBlock ? keysPerBin / BLOCK_KEYS : keysPerBin;
  // Everything from the last bin's start on is one bin: only the keys below it are read one by one.
  const rows = db
    .prepare(
      `SELECT CAST(key / ? AS INTEGER) AS bin, SUM(n) AS n FROM analytics_vital_counts
       WHERE vital = ? AND level = ? AND key < ? GROUP BY bin`,
    )
    .all(perBin, vital, byBlock ? 1 : 0, perBin * binning.bins) as { bin: number; n: number }[];
  const total = (
    db
      .prepare('SELECT COALESCE(SUM(n), 0) AS n FROM analytics_vital_counts WHERE vital = ? AND level = 1')
      .get(vital) as { n: number }
  ).n;
  const counts = Array.from({ length: binning.bins + 1 }, () => 0);
  let below = 0;
  for (const { bin, n } of rows) {
    counts[bin] = n;
    below += n;
  }
  counts[binning.bins] = total - below;
  if (total === 0) return { counts, total, p75: null };

  const rank = Math.ceil(total * 0.75);
  const read = db.prepare(
    'SELECT key, n FROM analytics_vital_counts WHERE vital = ? AND level = ? AND key >= ? AND key < ? ORDER BY key',
  );
  let seen = 0;
  /** The first key of the level (from `from`, before `to`) whose count reaches the rank. */
  const find = (level: number, from: number, to: number): number => {
    for (const { key, n } of read.all(vital, level, from, to) as { key: number; n: number }[]) {
      if (seen + n >= rank) return key;
      seen += n;
    }
    throw new Error(`the ${vital} roll-up does not add up`);
  };
  const block = find(1, 0, Number.MAX_SAFE_INTEGER);
  const key = find(0, block * BLOCK_KEYS, (block + 1) * BLOCK_KEYS);
  return { counts, total, p75: Math.round(key * step * 1e6) / 1e6 };
}
