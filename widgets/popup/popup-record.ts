import { popupStorageKey, type PopupRecord } from '../../contract/site-settings';

/** The pop-up's record in local storage, or null (none, unreadable, or no storage). */
export function readPopupRecord(
  popupId: string,
  storage: Storage | undefined = globalThis.localStorage,
): PopupRecord | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(popupStorageKey(popupId)) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { closedDate, version, submitted } = value as Record<string, unknown>;
    if (typeof closedDate !== 'string' || typeof version !== 'number') return null;
    return { closedDate, version, submitted: submitted === true };
  } catch {
    return null;
  }
}

/** Remembers that the shopper closed (or submitted) this version; storage failures are ignored. */
export function writePopupRecord(
  popupId: string,
  record: PopupRecord,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(popupStorageKey(popupId), JSON.stringify(record));
  } catch {
    // Private mode or a full store: the pop-up may show again, nothing worse.
  }
}

/** Whether the pop-up stays closed: this version was closed or submitted before. */
export function staysClosed(popupId: string, version: number, storage?: Storage): boolean {
  return readPopupRecord(popupId, storage)?.version === version;
}
