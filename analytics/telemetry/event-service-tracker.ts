import type { EventServiceBody } from '../../contract/analytics';
import { sendByBeaconOrXhr, type BeaconOrXhrDeps } from './beacon-or-xhr';

/** The newer event service (platform spec, section 7). */
export const EVENT_SERVICE_PATHS = {
  events: '/api/v1/clanker/events',
  /** Validation mode: the same body, checked against the schema and not recorded. */
  validate: (schema: string) => `/api/v1/clanker/validate-event-content/${encodeURIComponent(schema)}`,
} as const;

/** Statuses the event service answers on success. */
export const EVENT_SERVICE_SUCCESS = [200, 202] as const;

/** The message of a failed send (platform spec, section 8). */
export function eventFailureMessage(status: number): string {
  return `Error tracking event: HTTP Status ${status}`;
}

export interface EventServiceTrackerDeps extends BeaconOrXhrDeps {
  /** Logs a failure as a warning. */
  warn: (message: string) => void;
  /** Send to the validation endpoint instead (checks content, records nothing). */
  validationMode?: boolean;
}

export interface EventServiceTracker {
  /**
   * Sends one event by beacon, else XHR (JSON). Resolves when the beacon is queued or the
   * service answers 200 or 202; otherwise logs 'Error tracking event: HTTP Status {code}'
   * as a warning and rejects with that message.
   */
  track(eventSchemaName: string, content: object): Promise<void>;
}

/** The newer event tracker (`POST /api/v1/clanker/events`). */
export function createEventServiceTracker(deps: EventServiceTrackerDeps): EventServiceTracker {
  return {
    async track(eventSchemaName, content) {
      const url = deps.validationMode ? EVENT_SERVICE_PATHS.validate(eventSchemaName) : EVENT_SERVICE_PATHS.events;
      const body: EventServiceBody = { eventSchemaName, eventContent: JSON.stringify(content) };
      const json = JSON.stringify(body);
      // Validation answers matter and need the CSRF header: an XHR, never a beacon.
      const how = deps.validationMode ? { ...deps, sendBeacon: undefined, keepaliveBeacon: undefined } : deps;
      const result = await sendByBeaconOrXhr(url, () => json, 'application/json', how);
      if (result.delivery === 'beacon') return;
      if ((EVENT_SERVICE_SUCCESS as readonly number[]).includes(result.status)) return;
      const message = eventFailureMessage(result.status);
      deps.warn(message);
      throw new Error(message);
    },
  };
}
