/** Where the generator writes the registry, relative to the repository root. */
export const REGISTRY_FILE: string;

/** What the widgets declare: tags (with their lazy rule) and the platform markup they enhance. */
export function scanWidgets(root?: string): {
  widgets: {
    tag: string;
    module: string;
    nearViewport: { module: string; name: string } | null;
    afterInteractive: boolean;
    elementClass?: string;
  }[];
  enhancers: { selector: string; module: string }[];
};

/** The text registry.generated.ts must have. */
export function registrySource(root?: string): Promise<string>;

/** Writes the registry when it changed; returns whether it did. */
export function writeRegistry(root?: string): Promise<boolean>;

/** Rollup plugin: brings the registry up to date before the build reads it. */
export function storefrontRegistry(root?: string): { name: string; buildStart(): Promise<void> };
