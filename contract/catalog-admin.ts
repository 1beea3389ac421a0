/**
 * The owner's catalog calls (issue 18, "Owner area"): product tags and categories, and product
 * import and export as CSV. Limits and user strings from the platform spec, sections 5, 8 and 9.
 */

/** The kinds of product term; the `{tagType}` of the messages. */
export const TERM_TYPES = ['tag', 'category'] as const;
export type TermType = (typeof TERM_TYPES)[number];

/** Longest tag and category name, in characters (platform spec, section 9). */
export const TERM_MAX_LENGTH: Record<TermType, number> = { tag: 50, category: 25 };

/** Whether a tag or category name is within its kind's length, in characters (code points). */
export function fitsTermLength(type: TermType, name: string): boolean {
  return [...name].length <= TERM_MAX_LENGTH[type];
}

/** Bytes in a megabyte (platform spec, section 9: "Bytes in MB 1e6"). */
export const BYTES_IN_MB = 1e6;
/** Largest product CSV accepted, in bytes. */
export const IMPORT_MAX_BYTES = 1 * BYTES_IN_MB;
/** Rows (after the header) and columns read from a CSV; the rest is dropped with a notice. */
export const IMPORT_MAX_ROWS = 500;
export const IMPORT_MAX_COLUMNS = 20;

/** The columns of the product CSV, in export order; SKU and Price are required on import. */
export const CSV_COLUMNS = ['SKU', 'Product', 'Type', 'Price', 'Stock'] as const;
/** Columns an import also takes: `Subscribable` (yes or no; physical and service products only). */
export const CSV_IMPORT_COLUMNS = [...CSV_COLUMNS, 'Subscribable'] as const;
/** The product types a CSV may name (the Type column), lower case. */
export const CSV_PRODUCT_TYPES = ['physical', 'digital', 'service', 'gift card'] as const;

export const CATALOG_API = '/api/config/catalog';

/** One of the store's collections as the owner's catalog page lists it (GET `${CATALOG_API}/collections`). */
export interface CatalogCollection {
  id: string;
  title: string;
  /** Its page. */
  path: string;
  /** Items it holds now (products, posts, events, images). */
  items: number;
  /** The most it may hold (platform spec, section 9), where the platform has a limit. */
  limit?: number;
}

/** GET `${CATALOG_API}/terms`. */
export interface CatalogTerms {
  tags: string[];
  categories: string[];
}

/** POST `${CATALOG_API}/terms` `{type, name}`; PUT `…/terms/{type}/{name}` `{name}` renames. */
export interface TermRequest {
  type: TermType;
  name: string;
}

/** One row the import refused: its row number in the file (the header is row 1) and why. */
export interface RefusedRow {
  row: number;
  reason: string;
}

export type ImportJobStatus = 'running' | 'done' | 'failed' | 'cancelled';

/**
 * POST `${CATALOG_API}/import?fileName=` (the CSV as the body) answers 202 with the job; GET
 * `${CATALOG_API}/import/{id}` polls it; DELETE cancels it while its rows are checked (nothing is written);
 * once it writes (a few rows per transaction, after every row is checked) it runs to its end.
 */
export interface ImportJob {
  id: string;
  status: ImportJobStatus;
  fileName: string;
  /** Rows checked so far, of `total`. */
  processed: number;
  total: number;
  /** Notices about the file itself (rows or columns dropped). */
  notices: string[];
  /** Filled once `status` is `done`. */
  created: number;
  updated: number;
  refused: RefusedRow[];
}

/** Spec strings (platform spec, sections 5 and 8), character for character. */
export const CATALOG_MESSAGES = {
  termExists: 'This {tagType} already exists',
  oneAtATime: 'You may only edit one {tagType} at a time',
  notExpected: '{val} is not one of the expected options',
  enterFileName: 'Please enter a file name',
  noColumns: 'dataset must have at least one column',
  noRows: 'dataset must have at least one row',
  missingData: 'One or more rows was missing data',
  truncatedRows: 'truncated to maxRows',
  truncatedColumns: 'truncated to maxColumns',
  tooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}',
  unsupported: '{fileName} does not appear to be a supported file',
  uploadIncomplete: 'File upload failed to complete',
  processingFailed: 'File processing failed',
  processingCancelled: 'File processing cancelled',
  noJobData: 'No response data from job request',
  somethingWrong: 'Something went wrong',
  unableToLoad: 'Unable to load. Try again.',
  unableToLoadCollections: 'Unable to load collections',
  unableToLoadResults: 'Unable to load results',
  networkError: 'Network error',
  unableToConnect: 'Unable to connect. Please try again',
  unableToLocate: 'Unable to locate content',
  uploadProblem: 'There was a problem while uploading your file',
} as const;

/** Fills `{name}` placeholders. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A byte count for people, base 1024 (platform spec, section 9): 1e6 -> "976.6 KB". */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
