import {
  analyticsTotals,
  eventCounts,
  errorReportsPage,
  pageViewsByPath,
  performanceCounts,
  vitalDistribution,
  type AnalyticsFilter,
  type EventEndpoint,
  type VitalDistribution,
  type VitalName,
} from '../store/analytics';
import type { Db } from '../store/db';
import type { PageRequest } from '../store/page-cursor';
import { pagerData } from './pager';

/** A web vital's chart: bins from 0 aligned on its 'good' and 'poor' thresholds (web.dev's). */
export interface VitalSpec {
  key: VitalName;
  abbr: string;
  name: string;
  /** 'ms' for times; '' for CLS (unitless). */
  unit: 'ms' | '';
  width: number;
  bins: number;
  /** Values below are good. */
  good: number;
  /** Values from here on are poor. */
  poor: number;
}

export const VITALS: readonly VitalSpec[] = [
  {
    key: 'lcp',
    abbr: 'LCP',
    name: 'Largest contentful paint',
    unit: 'ms',
    width: 500,
    bins: 10,
    good: 2500,
    poor: 4000,
  },
  { key: 'fcp', abbr: 'FCP', name: 'First contentful paint', unit: 'ms', width: 300, bins: 12, good: 1800, poor: 3000 },
  { key: 'cls', abbr: 'CLS', name: 'Cumulative layout shift', unit: '', width: 0.05, bins: 8, good: 0.1, poor: 0.25 },
  { key: 'inp', abbr: 'INP', name: 'Interaction to next paint', unit: 'ms', width: 50, bins: 12, good: 200, poor: 500 },
  { key: 'fid', abbr: 'FID', name: 'First input delay', unit: 'ms', width: 50, bins: 8, good: 100, poor: 300 },
];

export type Rating = 'good' | 'needs-improvement' | 'poor';

const RATING_TEXT: Record<Rating, string> = {
  good: 'good',
  'needs-improvement': 'needs improvement',
  poor: 'poor',
};

/** Bar colours, each with at least 3:1 contrast against the page background (WCAG 1.4.11). */
export const RATING_COLORS: Record<Rating, string> = {
  good: '#1e7b45',
  'needs-improvement': '#a65f00',
  poor: '#b3261e',
};

function rate(spec: VitalSpec, value: number): Rating {
  // Compared with a little slack, so the bin starting exactly at a threshold is rated by it.
  const eps = spec.width / 1e6;
  return value + eps < spec.good ? 'good' : value + eps < spec.poor ? 'needs-improvement' : 'poor';
}

function trimNumber(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** A vital's value as people read it: 120 ms, 2.5 s, 0.05. */
export function formatVital(spec: Pick<VitalSpec, 'unit'>, value: number, precise = false): string {
  if (spec.unit === '') return trimNumber(value, precise ? 3 : 2);
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${trimNumber(value / 1000, precise ? 2 : 1)} s`;
}

/** Geometry of the charts (SVG user units). */
const CHART = { left: 40, top: 34, plot: 120, bottom: 26, step: 40, bar: 32, right: 24 } as const;

export interface Bar {
  /** "0 ms to 500 ms", "5 s or more". */
  range: string;
  tick: string;
  count: number;
  rating: string;
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
  textX: number;
  textY: number;
  /** Where the tick label of the bar's lower edge goes. */
  tickX: number;
  tickY: number;
  /** Whether the lower edge gets a label (every other one on crowded charts). */
  tickShown: boolean;
  tickMarkEnd: number;
  /** The count shown above the bar (empty bars show none). */
  shown: boolean;
  /** Tooltip of the bar. */
  title: string;
}

export interface VitalChart {
  id: string;
  abbr: string;
  name: string;
  total: number;
  hasData: boolean;
  p75: string | null;
  p75Rating: string | null;
  /** The text alternative of the chart. */
  summary: string;
  bars: Bar[];
  svgWidth: number;
  svgHeight: number;
  baseline: number;
  axisStart: number;
  axisEnd: number;
  maxLabel: string;
  maxY: number;
  p75X: number | null;
  plotTop: number;
  p75LabelY: number;
  axisLabelX: number;
  axisLabelY: number;
  thresholds: string;
}

/** Builds one vital's histogram: bars coloured by rating, a 75th-percentile marker and a text alternative. */
export function vitalChart(spec: VitalSpec, distribution: VitalDistribution): VitalChart {
  const max = Math.max(1, ...distribution.counts);
  // Labels of 10.5 px need about 40 units each; crowded charts label every other edge.
  const labelEvery = distribution.counts.length > 10 ? 2 : 1;
  const bars = distribution.counts.map((count, i): Bar => {
    const lo = i * spec.width;
    const last = i === spec.bins;
    const rating = rate(spec, lo);
    const height = count === 0 ? 0 : Math.max(2, Math.round((count / max) * CHART.plot));
    const x = CHART.left + i * CHART.step + (CHART.step - CHART.bar) / 2;
    const y = CHART.top + CHART.plot - height;
    const range = last
      ? `${formatVital(spec, lo)} or more`
      : `${formatVital(spec, lo)} to ${formatVital(spec, (i + 1) * spec.width)}`;
    return {
      range,
      tick: last ? `${formatVital(spec, lo)}+` : formatVital(spec, lo),
      count,
      rating: RATING_TEXT[rating],
      color: RATING_COLORS[rating],
      x,
      y,
      width: CHART.bar,
      height,
      textX: x + CHART.bar / 2,
      textY: y - 5,
      tickX: CHART.left + i * CHART.step,
      tickY: CHART.top + CHART.plot + 16,
      tickShown: last || i % labelEvery === 0,
      tickMarkEnd: CHART.top + CHART.plot + 4,
      shown: count > 0,
      title: `${range}: ${count} page ${count === 1 ? 'load' : 'loads'} (${RATING_TEXT[rating]})`,
    };
  });
  const byRating = (r: Rating) =>
    distribution.counts.reduce((sum, n, i) => (rate(spec, i * spec.width) === r ? sum + n : sum), 0);
  const p75 = distribution.p75;
  const p75Text = p75 === null ? null : formatVital(spec, p75, true);
  const summary =
    distribution.total === 0
      ? `${spec.name}: no page loads measured yet.`
      : `${spec.name} of ${distribution.total} page ${distribution.total === 1 ? 'load' : 'loads'}: ` +
        `${byRating('good')} good, ${byRating('needs-improvement')} needing improvement, ${byRating('poor')} poor; ` +
        `75th percentile ${p75Text}. By range: ` +
        bars.map((b) => `${b.range}: ${b.count}`).join('; ') +
        '.';
  const width = CHART.left + CHART.step * bars.length + CHART.right;
  // The marker sits where the 75th percentile falls along the bins (in the middle of the open-ended last one).
  const p75Bins = p75 === null ? null : Math.min(p75 / spec.width, spec.bins + 0.5);
  return {
    id: `vital-${spec.key}`,
    abbr: spec.abbr,
    name: spec.name,
    total: distribution.total,
    hasData: distribution.total > 0,
    p75: p75Text,
    p75Rating: p75 === null ? null : RATING_TEXT[rate(spec, p75)],
    summary,
    bars,
    svgWidth: width,
    svgHeight: CHART.top + CHART.plot + CHART.bottom,
    baseline: CHART.top + CHART.plot,
    axisStart: CHART.left,
    axisEnd: width - CHART.right,
    maxLabel: String(max),
    maxY: CHART.top + 4,
    p75X: p75Bins === null ? null : Math.round((CHART.left + p75Bins * CHART.step) * 10) / 10,
    plotTop: CHART.top - 18,
    p75LabelY: CHART.top - 22,
    axisLabelX: CHART.left - 6,
    axisLabelY: CHART.top + CHART.plot,
    thresholds: `good below ${formatVital(spec, spec.good)}, poor from ${formatVital(spec, spec.poor)}`,
  };
}

const SOURCE_TEXT: Record<EventEndpoint, string> = {
  census: 'Census',
  'record-event': 'Event tracker',
  'event-service': 'Event service',
};

/** Everything the owner's analytics page shows, for one visitor or for everyone. */
export function analyticsPageData(db: Db, filter: AnalyticsFilter, request: PageRequest = {}) {
  const paths = pageViewsByPath(db, filter);
  const events = eventCounts(db, filter).map((e) => ({
    source: SOURCE_TEXT[e.source],
    type: e.schema ? `${e.schema}: ${e.name}` : e.name,
    count: e.count,
  }));
  const errorPage = errorReportsPage(db, filter, request);
  const errors = errorPage.items.map((r) => ({
    ...r,
    receivedAt: new Date(r.created).toISOString(),
  }));
  const perf = performanceCounts(db, filter);
  const vitals = VITALS.map((spec) => vitalChart(spec, vitalDistribution(db, spec.key, spec, filter)));
  return {
    visitorId: filter.visitorId ?? null,
    totals: {
      ...analyticsTotals(db, filter),
      pageSpeed: perf['page-speed'],
      images: perf.image,
      userTimings: perf['user-timing'],
    },
    pageViews: paths.length > 0 ? paths : null,
    events: events.length > 0 ? events : null,
    errorReports: errors.length > 0 ? errors : null,
    ...pagerData(
      '/config/analytics',
      'Error report pages',
      errorPage,
      filter.visitorId === undefined ? {} : { visitor: filter.visitorId },
    ),
    vitals,
    anyVitals: vitals.some((v) => v.hasData),
    legend: (['good', 'needs-improvement', 'poor'] as const).map((r) => ({
      text: RATING_TEXT[r],
      color: RATING_COLORS[r],
    })),
  };
}
