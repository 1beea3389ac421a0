/** Where the generated files go (in dist/) and what they read, relative to the repository root. */
export const EVENTS_FILE: string;
export const TYPES_FILE: string;
export const MANIFEST_FILE: string;
export const README_FILE: string;
export const TABLE_START: string;
export const TABLE_END: string;
export const SCHEMA_VERSION: string;

export interface ScannedAttribute {
  prop: string;
  name: string;
  type: 'string' | 'boolean';
  description: string;
}

export interface ScannedElement {
  tag: string;
  file: string;
  description: string;
  attributes: ScannedAttribute[];
  events: string[];
  cssProperties: Record<string, string>;
  parts: Record<string, string>;
  /** The widget strings its code may show (key -> English default), from contract/widget-messages/. */
  messages: Record<string, string>;
}

export interface ScannedEvent {
  name: string;
  description: string;
  dispatchedBy: string[];
  /** Source text of the detail type. */
  detail: string;
  /** Tags whose definition lists the event. */
  dispatchers: string[];
}

export interface Scan {
  elements: ScannedElement[];
  events: ScannedEvent[];
  /** Declarations of the repository's types the event details use, copied into the .d.ts. */
  declarations: string[];
}

/** Custom Elements Manifest (the parts this generator writes). */
export interface Manifest {
  schemaVersion: string;
  readme: string;
  modules: {
    kind: 'javascript-module';
    path: string;
    description: string;
    declarations: {
      kind: 'class';
      customElement: true;
      name: string;
      tagName: string;
      description: string;
      superclass: { name: string; package: string };
      attributes: { name: string; type: { text: string }; description: string }[];
      events: { name: string; type: { text: string }; description: string }[];
      cssProperties: { name: string; description: string; default?: string }[];
      cssParts: { name: string; description: string }[];
    }[];
    exports: { kind: 'custom-element-definition'; name: string; declaration: { name: string; module: string } }[];
  }[];
}

/** `store-add-to-cart` -> `StoreAddToCartElement`. */
export function elementTypeName(tag: string): string;
/** What the element files and runtime/events.ts declare. */
export function scanDefinitions(root?: string): Scan;
export function manifest(scan: Scan): Manifest;
/** The text of dist/storefront.d.ts. */
export function typesSource(scan: Scan): Promise<string>;
/** The events table of docs/widgets/README.md. */
export function eventsTable(scan: Scan, root?: string): Promise<string>;
/** docs/widgets/README.md with its events table up to date. */
export function readmeSource(scan: Scan, root?: string): Promise<string>;
/** Writes storefront.d.ts and custom-elements.json into `outDir`. */
export function writeThemeFiles(outDir: string, root?: string, scan?: Scan): Promise<void>;
/** Rollup plugin: writes them beside the bundle. */
export function storefrontTypes(root?: string): {
  name: string;
  writeBundle(options: { dir?: string; file?: string }): Promise<void>;
};
