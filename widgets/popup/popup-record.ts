import { popupStorageKey, type PopupRecord } from '../../contract/site-settings';
import { browserStorage, createStoredValues, type StoredValues } from '../../runtime/storage/stored-values';

/** Where the records live: local storage, or cookies where the browser blocks it (the runtime's stored values). */
const visitorValues = (): StoredValues => createStoredValues(browserStorage('localStorage'));

/** The pop-up's record, or null (none, or unreadable). */
export function readPopupRecord(popupId: string, values: StoredValues = visitorValues()): PopupRecord | null {
  try {
    const value: unknown = JSON.parse(values.get(popupStorageKey(popupId)) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { closedDate, version, submitted } = value as Record<string, unknown>;
    if (typeof closedDate !== 'string' || typeof version !== 'number') return null;
    return { closedDate, version, submitted: submitted === true };
  } catch {
    return null;
  }
}

/** Remembers that the shopper closed (or submitted) this version; storage failures are ignored. */
export function writePopupRecord(popupId: string, record: PopupRecord, values: StoredValues = visitorValues()): void {
  try {
    values.set(popupStorageKey(popupId), JSON.stringify(record));
  } catch {
    // A full store: the pop-up may show again, nothing worse.
  }
}

/** Whether the pop-up stays closed: this version was closed or submitted before. */
export function staysClosed(popupId: string, version: number, values?: StoredValues): boolean {
  return readPopupRecord(popupId, values)?.version === version;
}
