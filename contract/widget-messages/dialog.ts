/** Dialogs. English defaults, by key. */
export const DIALOG_STRINGS = {
  'dialog.close': 'Close',
  'dialog.ok': 'OK',
  /** A dialog whose code or CSS did not arrive; the next open tries again. */
  'dialog.loadFailed': 'Unable to load. Try again.',
} as const;
