import { POPUP_TRIGGERS, type PopupSettings } from '../../contract/site-settings';

/**
 * The QA pop-up page's data: the store's pop-up, shown whether or not the owner turned it on,
 * with the trigger and its setting taken from the query (`trigger`, `delay` seconds, `scroll` percent).
 */
export function popupPageData(settings: PopupSettings, query: Record<string, string>) {
  const whole = (value: string | undefined, min: number, max: number): number | undefined => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
  return {
    popup: {
      ...settings,
      enabled: true,
      trigger: POPUP_TRIGGERS.find((t) => t === query.trigger) ?? settings.trigger,
      delaySeconds: whole(query.delay, 0, 600) ?? settings.delaySeconds,
      scrollPercent: whole(query.scroll, 1, 100) ?? settings.scrollPercent,
    },
  };
}
