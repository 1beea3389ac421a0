import { describe, expect, it } from 'vitest';
import { formatVital, vitalChart, VITALS } from './analytics-view';

describe('web vital charts', () => {
  it('formats values as people read them', () => {
    expect(formatVital({ unit: 'ms' }, 120.4)).toBe('120 ms');
    expect(formatVital({ unit: 'ms' }, 2500)).toBe('2.5 s');
    expect(formatVital({ unit: 'ms' }, 2745, true)).toBe('2.75 s');
    expect(formatVital({ unit: '' }, 0.1)).toBe('0.1');
    expect(formatVital({ unit: '' }, 0.0456, true)).toBe('0.046');
  });

  it('scales bars to the fullest bin and puts the 75th-percentile marker where the value falls', () => {
    const lcp = VITALS.find((v) => v.key === 'lcp');
    if (!lcp) throw new Error('no LCP spec');
    const chart = vitalChart(lcp, { counts: [0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 1], total: 7, p75: 1250 });
    expect(chart.bars.map((b) => b.height)).toEqual([0, 120, 60, 0, 0, 0, 0, 0, 0, 0, 30]);
    expect(chart.bars.map((b) => b.shown)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    // 1250 ms is 2.5 bins of 500 ms from the left edge (40) at 40 units a bin.
    expect(chart.p75X).toBe(140);
    expect(chart.p75).toBe('1.25 s');
    expect(chart.bars[10]?.tick).toBe('5 s+');
  });
});
