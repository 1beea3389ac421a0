import type { PerformanceRecordType } from '../../contract/analytics';
import { AnalyticsEventType } from '../../contract/enumerations';
import type { Db } from './db';

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

type Table = 'analytics_hits' | 'analytics_events' | 'analytics_error_reports' | 'performance_records';

/**
 * Bytes of payload kept per analytics table (what a row holds beyond its fixed columns); the
 * oldest rows go first once a table is over it. With {@link MAX_ANALYTICS_ROWS} this bounds the
 * file whatever the calls carry.
 */
export const MAX_ANALYTICS_TABLE_BYTES = 32 * 1024 * 1024;

/** What a row weighs: the UTF-8 bytes of its free-size columns. */
const ROW_BYTES: Record<Table, string> = {
  analytics_hits: 'length(CAST(data AS BLOB)) + length(CAST(path AS BLOB)) + length(CAST(title AS BLOB))',
  analytics_events: 'length(CAST(payload AS BLOB)) + length(CAST(name AS BLOB))',
  analytics_error_reports:
    'length(CAST(message AS BLOB)) + length(CAST(stack AS BLOB)) + length(CAST(url AS BLOB)) + length(CAST(user_agent AS BLOB))',
  performance_records: 'length(CAST(data AS BLOB))',
};

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

/** The payload bytes a table holds (a full scan: for tests and the owner's page). */
export function analyticsTableBytes(db: Db, table: Table): number {
  return (db.prepare(`SELECT COALESCE(SUM(${ROW_BYTES[table]}), 0) AS bytes FROM ${table}`).get() as { bytes: number })
    .bytes;
}

/** A table's payload bytes as of row `seenId`, kept between inserts so an insert scans only new rows. */
interface Usage {
  bytes: number;
  seenId: number;
  /** Inserts since the last full count; the count is redone now and then in case rows went elsewhere. */
  sinceCount: number;
}
const usages = new WeakMap<Db, Map<Table, Usage>>();

function usageOf(db: Db, table: Table): Usage {
  let byTable = usages.get(db);
  if (!byTable) usages.set(db, (byTable = new Map()));
  let usage = byTable.get(table);
  if (!usage || usage.sinceCount >= 1000) {
    const { last } = db.prepare(`SELECT COALESCE(MAX(id), 0) AS last FROM ${table}`).get() as { last: number };
    usage = { bytes: analyticsTableBytes(db, table), seenId: last, sinceCount: 0 };
    byTable.set(table, usage);
    return usage;
  }
  const added = db
    .prepare(`SELECT COALESCE(SUM(${ROW_BYTES[table]}), 0) AS bytes, MAX(id) AS last FROM ${table} WHERE id > ?`)
    .get(usage.seenId) as { bytes: number; last: number | null };
  usage.bytes += added.bytes;
  usage.seenId = added.last ?? usage.seenId;
  usage.sinceCount += 1;
  return usage;
}

/** Deletes the rows up to `id`, keeping the table's byte count. */
function deleteThrough(db: Db, table: Table, usage: Usage, id: number): void {
  const { bytes } = db
    .prepare(`SELECT COALESCE(SUM(${ROW_BYTES[table]}), 0) AS bytes FROM ${table} WHERE id <= ?`)
    .get(id) as { bytes: number };
  db.prepare(`DELETE FROM ${table} WHERE id <= ?`).run(id);
  usage.bytes -= bytes;
}

/**
 * Drops the oldest rows of a table over its row cap, then over its byte cap (down to 90 % of it,
 * so a full table does not pay a delete for every insert). Runs in the insert's transaction.
 */
function trim(db: Db, table: Table): void {
  const limit = capsOf(db);
  const usage = usageOf(db, table);
  if (usage.seenId > limit.rows) deleteThrough(db, table, usage, usage.seenId - limit.rows);
  if (usage.bytes <= limit.bytes) return;
  const oldest = db.prepare(`SELECT id, ${ROW_BYTES[table]} AS size FROM ${table} ORDER BY id LIMIT 500`);
  const target = limit.bytes * 0.9;
  let bytes = usage.bytes;
  while (bytes > target) {
    const rows = oldest.all() as { id: number; size: number }[];
    if (rows.length === 0) return;
    let through = rows[0]!.id;
    for (const row of rows) {
      through = row.id;
      bytes -= row.size;
      if (bytes <= target) break;
    }
    deleteThrough(db, table, usage, through);
    bytes = usage.bytes;
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
    trim(db, 'analytics_hits');
  })();
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
    trim(db, 'analytics_events');
  })();
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
    trim(db, 'analytics_error_reports');
  })();
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
  return db.transaction(() => {
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
    trim(db, 'performance_records');
    return stored;
  })();
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

/** The latest error reports, newest first. */
export function latestErrorReports(db: Db, filter: AnalyticsFilter = {}, limit = 50): StoredErrorReport[] {
  const w = where(filter);
  return db
    .prepare(
      `SELECT id, created, event, message, stack, source, url, user_agent AS userAgent, reported
       FROM analytics_error_reports ${w.sql} ORDER BY id DESC LIMIT ?`,
    )
    .all(...w.params, limit) as StoredErrorReport[];
}

/** Performance records per type. */
export function performanceCounts(db: Db, filter: AnalyticsFilter = {}): Record<PerformanceRecordType, number> {
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
