/** Dialogs. English defaults, by key. */
export const DIALOG_STRINGS = {
  'dialog.close': 'Close',
  'dialog.ok': 'OK',
} as const;
