import { useEffect } from 'react';
import { startPageCensus } from '../../runtime/census/page-census';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { parseCdnList } from '../../runtime/telemetry/performance-records';

export interface CensusTrackerProps extends WidgetHostProps {
  /**
   * Image hosts of the platform CDN for image records, comma-separated; entries starting
   * with '/' are same-origin path prefixes (`data-cdn-hosts`, default "/img/").
   */
  cdnHosts?: string;
  /** "false" turns the performance collector off (`data-performance`). */
  performance?: string;
}

/**
 * Renders nothing: its first mount starts the page's analytics (page view, event trackers,
 * bus listeners, performance collector) once per page, unless a skip rule applies.
 * Removing the element does not stop them: they belong to the page.
 */
export function CensusTracker({ cdnHosts, performance }: CensusTrackerProps) {
  useEffect(() => {
    startPageCensus(document, { cdn: parseCdnList(cdnHosts), performance: performance !== 'false' });
    // Only the first mount counts: the census is per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
