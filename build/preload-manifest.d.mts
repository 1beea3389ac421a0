/** The manifest's file name, beside the loader in the output folder. */
export const PRELOAD_MANIFEST: string;

/** Tag or platform-markup selector -> the chunks it needs, relative to the output folder, its own first. */
export interface PreloadManifest {
  tags: Record<string, string[]>;
  markup: Record<string, string[]>;
}

/** The manifest of a rollup bundle, given what the widgets declare (scanWidgets). */
export function preloadManifest(
  bundle: Record<
    string,
    { type: string; fileName: string; imports?: string[]; facadeModuleId?: string | null; moduleIds?: string[] }
  >,
  scanned: {
    widgets: { tag: string; module: string; nearViewport: unknown; afterInteractive?: boolean }[];
    enhancers: { selector: string; module: string }[];
  },
  root: string,
): PreloadManifest;

/** Rollup plugin: emits the manifest. */
export function preloadManifestPlugin(root?: string): { name: string; generateBundle(...args: unknown[]): void };
