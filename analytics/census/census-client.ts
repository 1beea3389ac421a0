import type {
  ButtonClickBody,
  ButtonRenderBody,
  CensusButton,
  CensusCommonFields,
  CensusHitForm,
  CensusPageFields,
  FormRenderBody,
  OverlayBody,
} from '../../contract/analytics';
import { AnalyticsEventType } from '../../contract/enumerations';
import type { ButtonEventDetail } from '../../runtime/events';
import type { AnalyticsHttp } from '../telemetry/analytics-http';
import type { HitData } from './hit-data';

/** The census calls (storefront spec, section 7). */
export const CENSUS_PATHS = {
  recordHit: '/api/census/RecordHit',
  buttonClick: '/api/census/button-click',
  buttonRender: '/api/census/button-render',
  formRender: '/api/census/form-render',
  overlay: '/api/census/overlay',
  quickView: (itemId: string) => `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`,
} as const;

/** Button and form analytics give up after 2.5 s (storefront spec, sections 7 and 9). */
export const FORM_ANALYTICS_TIMEOUT_MS = 2500;

/** Button renders are gathered this long and sent together, at most this many per call. */
export const BUTTON_RENDER_BATCH = { delayMs: 1000, max: 50 } as const;

export type { CensusButton, CensusPageFields } from '../../contract/analytics';

export interface CensusClientDeps {
  http: AnalyticsHttp;
  /** The visitor cookie (`ss_cvr`), null when analytics cookies are not used. */
  visitorCookie: () => string | null;
  page: () => CensusPageFields;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

export interface CensusClient {
  /** `POST /api/census/RecordHit`, form-encoded `event`, `data` (JSON), `ss_cvr`. */
  recordHit(data: HitData, visitorRecord: string): Promise<number>;
  /** `POST /api/census/button-click` (2.5 s timeout). */
  buttonClick(button: ButtonEventDetail): Promise<number>;
  /** Queues a `POST /api/census/button-render` (2.5 s timeout); each button counts once per page. */
  buttonRender(button: ButtonEventDetail): void;
  /** `POST /api/census/form-render` (2.5 s timeout). */
  formRender(formId: string): Promise<number>;
  /** `POST /api/census/overlay`. */
  overlay(overlayId?: string): Promise<number>;
  /** `POST /api/census/RecordQuickView/{itemId}`, no body. */
  quickView(itemId: string): Promise<number>;
}

/** A button event's detail as the census sends it (text trimmed to 200 characters). */
export function censusButton(detail: ButtonEventDetail): CensusButton {
  const text = detail.buttonText?.trim();
  return {
    buttonType: String(detail.buttonType).slice(0, 100),
    buttonId: detail.buttonId ? String(detail.buttonId).slice(0, 200) : null,
    buttonText: text ? text.slice(0, 200) : null,
  };
}

/** The form fields of a page view's `POST /api/census/RecordHit`. */
export function censusHitForm(data: HitData, visitorRecord: string): CensusHitForm {
  return { event: String(AnalyticsEventType.PAGE_VIEW), data: JSON.stringify(data), ss_cvr: visitorRecord };
}

/** The census calls; every one resolves to the HTTP status (0: no answer) and never rejects. */
export function createCensusClient(deps: CensusClientDeps): CensusClient {
  const common = (): CensusCommonFields => ({ visitorCookie: deps.visitorCookie(), ...deps.page() });
  const rendered = new Set<string>();
  let pendingRenders: CensusButton[] = [];
  let renderTimer = false;

  const sendRenders = () => {
    renderTimer = false;
    while (pendingRenders.length > 0) {
      const buttons = pendingRenders.slice(0, BUTTON_RENDER_BATCH.max);
      pendingRenders = pendingRenders.slice(BUTTON_RENDER_BATCH.max);
      const body: ButtonRenderBody = { ...common(), buttons };
      void deps.http.post(CENSUS_PATHS.buttonRender, { json: body }, FORM_ANALYTICS_TIMEOUT_MS);
    }
  };

  return {
    recordHit: (data, visitorRecord) =>
      deps.http.post(CENSUS_PATHS.recordHit, { form: censusHitForm(data, visitorRecord) }),
    buttonClick: (button) =>
      deps.http.post(
        CENSUS_PATHS.buttonClick,
        { json: { ...common(), ...censusButton(button) } satisfies ButtonClickBody },
        FORM_ANALYTICS_TIMEOUT_MS,
      ),
    buttonRender(detail) {
      const button = censusButton(detail);
      const key = `${button.buttonType}\u0000${button.buttonId ?? ''}\u0000${button.buttonText ?? ''}`;
      if (rendered.has(key)) return;
      rendered.add(key);
      pendingRenders.push(button);
      if (!renderTimer) {
        renderTimer = true;
        deps.setTimeout(sendRenders, BUTTON_RENDER_BATCH.delayMs);
      }
    },
    formRender: (formId) =>
      deps.http.post(
        CENSUS_PATHS.formRender,
        { json: { ...common(), formId } satisfies FormRenderBody },
        FORM_ANALYTICS_TIMEOUT_MS,
      ),
    overlay: (overlayId) =>
      deps.http.post(CENSUS_PATHS.overlay, {
        json: { ...common(), ...(overlayId ? { overlayId } : {}) } satisfies OverlayBody,
      }),
    quickView: (itemId) => deps.http.post(CENSUS_PATHS.quickView(itemId), { empty: true }),
  };
}
