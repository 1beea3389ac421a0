import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataAttribute } from '../runtime/define-widget';
import { scanWidgets } from './registry-generator.mjs';
import {
  MANIFEST_FILE,
  README_FILE,
  SCHEMA_VERSION,
  TYPES_FILE,
  manifest,
  readmeSource,
  scanDefinitions,
  typesSource,
  writeThemeFiles,
  type Scan,
} from './types-generator.mjs';

const ROOT = join(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'testing', 'theme-project');

let scan: Scan;
const temporary: string[] = [];

beforeAll(() => {
  scan = scanDefinitions();
}, 60_000);

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/**
 * A theme project with the package installed: node_modules/storefront-widgets holds the
 * repository's package.json (so its `exports` and `types` are what resolves) and the generated
 * dist/ files, with a stand-in for the script.
 */
async function themeProject(theme: string): Promise<string> {
  const dir = tempDir('theme-project-');
  const pkg = join(dir, 'node_modules', 'storefront-widgets');
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  await writeThemeFiles(join(pkg, 'dist'), ROOT, scan);
  writeFileSync(join(pkg, 'dist', 'storefront.js'), '');
  copyFileSync(join(FIXTURE, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  writeFileSync(join(dir, 'theme.ts'), theme);
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

/** `tsc -p dir` (with extra options): its diagnostics, one line each. */
function typeCheck(dir: string, options: ts.CompilerOptions = {}): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), options, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`no tsconfig.json in ${dir}`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return [...config.errors, ...ts.getPreEmitDiagnostics(program)].map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.slice(dir.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  });
}

describe('the types and manifest for theme developers', () => {
  const theme = readFileSync(join(FIXTURE, 'theme.ts'), 'utf8');

  it('type-check a theme project that imports the package by name (bundler and Node resolution)', async () => {
    const dir = await themeProject(theme);
    // skipLibCheck is off: the shipped .d.ts is checked too, so it must be self-contained.
    expect(typeCheck(dir)).toEqual([]);
    expect(
      typeCheck(dir, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }),
    ).toEqual([]);
    // The script, the manifest and the types load from node_modules through `exports`.
    const require = createRequire(join(dir, 'theme.js'));
    const pkg = join(dir, 'node_modules', 'storefront-widgets');
    expect(require.resolve('storefront-widgets/storefront.js')).toBe(join(pkg, 'dist', 'storefront.js'));
    expect(require.resolve('storefront-widgets/custom-elements.json')).toBe(join(pkg, 'dist', MANIFEST_FILE));
    expect(require.resolve('storefront-widgets')).toBe(join(pkg, 'dist', 'storefront.js'));
  }, 60_000);

  it('reject what the theme project marks as errors: each @ts-expect-error line fails to compile', async () => {
    const expected = theme.split('\n').filter((line) => /^\s*\/\/ @ts-expect-error/.test(line)).length;
    expect(expected).toBeGreaterThanOrEqual(5);
    const dir = await themeProject(theme.replaceAll('// @ts-expect-error', '// was expected to fail'));
    const errors = typeCheck(dir);
    expect(errors, errors.join('\n')).toHaveLength(expected);
    expect(errors.join('\n')).toMatch(/Property 'colour' does not exist on type 'StoreAddToCartDataset'/);
    expect(errors.join('\n')).toMatch(/Property 'cart' does not exist/);
  }, 60_000);

  it('ship a declaration file that imports nothing', async () => {
    const text = await typesSource(scan);
    const source = ts.createSourceFile(TYPES_FILE, text, ts.ScriptTarget.Latest, true);
    expect(source.statements.filter(ts.isImportDeclaration)).toEqual([]);
    expect(text).not.toMatch(/\bimport\(/);
    for (const element of scan.elements) expect(text).toContain(`'${element.tag}': Store`);
  }, 30_000);

  it('list in the manifest every tag of the registry, each with the attributes of its definition', () => {
    const written = manifest(scan);
    expect(written.schemaVersion).toBe(SCHEMA_VERSION);
    const [module] = written.modules;
    const declarations = module?.declarations ?? [];
    expect(declarations.map((d) => d.tagName)).toEqual(scanWidgets().widgets.map((w) => w.tag));
    expect(module?.exports.map((e) => [e.kind, e.name, e.declaration.name])).toEqual(
      declarations.map((d) => ['custom-element-definition', d.tagName, d.name]),
    );
    const byTag = new Map(declarations.map((d) => [d.tagName, d]));
    expect(byTag.get('store-add-to-cart')?.attributes.map((a) => [a.name, a.type.text])).toEqual([
      ['data-item-id', 'string'],
      ['data-product-type', 'string'],
      ['data-subscribable', 'boolean'],
      ['data-use-custom-label', 'boolean'],
      ['data-original-label', 'string'],
      ['data-use-form', 'boolean'],
      ['data-form', 'string'],
      ['data-form-id', 'string'],
      ['data-variants', 'string'],
      ['data-variant-option-ordering', 'string'],
      ['data-express-checkout', 'boolean'],
    ]);
    expect(byTag.get('store-census')?.attributes.map((a) => a.name)).toEqual(['data-cdn-hosts', 'data-performance']);
    expect(byTag.get('store-add-to-cart')?.events.map((e) => e.name)).toContain('store-item-added');
    for (const element of scan.elements) {
      const declaration = byTag.get(element.tag);
      // The names are the ones defineWidget reads (runtime/define-widget.ts).
      expect(declaration?.attributes.map((a) => a.name)).toEqual(element.attributes.map((a) => dataAttribute(a.prop)));
      expect(declaration?.description, element.tag).not.toBe('');
      for (const attribute of declaration?.attributes ?? []) {
        expect(attribute.description, `${element.tag} ${attribute.name}: document the prop`).toMatch(/\w{3}/);
      }
    }
  });

  it('list in each definition the events its widget folder emits', () => {
    for (const element of scan.elements) {
      const folder = join(ROOT, element.file, '..');
      const emitted = new Set<string>();
      for (const name of readdirSync(folder).filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))) {
        for (const [, event] of readFileSync(join(folder, name), 'utf8').matchAll(/\bemit\(\s*'(store-[a-z-]+)'/g)) {
          emitted.add(event as string);
        }
      }
      expect(element.events, `${element.file}: events`).toEqual(expect.arrayContaining([...emitted]));
    }
  });

  it('say for every event where it comes from', () => {
    for (const event of scan.events) {
      expect(event.dispatchers.length + event.dispatchedBy.length, event.name).toBeGreaterThan(0);
      expect(event.description, event.name).not.toBe('');
    }
  });

  it('keep the events table of docs/widgets/README.md in step (run `node build/types-generator.mjs` to update it)', async () => {
    expect(readFileSync(join(ROOT, README_FILE), 'utf8')).toBe(await readmeSource(scan));
  });
});

describe('the types generator', () => {
  const DEFINE_WIDGET =
    'export function defineWidget<P>(definition: { tag: string } & Record<string, unknown>): P | void {}\n';
  const EVENTS = `/** Sizes. */
export type Size = 'S' | 'M';

export interface StoreEventMap {
  /**
   * A thing happened.
   * @dispatchedBy \`document\`: the thing store
   */
  'store-a-thing': CustomEvent<{ id: string; size: Size }>;
  /** Nothing to say. */
  'store-b-other': CustomEvent<void>;
}
`;
  const COMPONENT = `export interface AProps {
  host: HTMLElement;
  /** The product (\`data-item-id\`). */
  itemId?: string;
  /** Whether it starts open. */
  open?: boolean;
}

/** The A widget. */
export function A(_props: AProps) {
  return null;
}
`;

  function tree(files: Record<string, string>): string {
    const root = tempDir('types-generator-');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  function element(fields: string): string {
    return `import { defineWidget } from '../../runtime/define-widget';
import { A, type AProps } from './a';
import { A_PROPERTIES, PREFIX } from './theme';

const TAG = 'store-a' as const;

defineWidget<AProps>({
  tag: TAG,
  component: A,
  attributes: { itemId: 'string', open: 'boolean' },
  styles: '',
${fields}
});
`;
  }

  const base = {
    'runtime/events.ts': EVENTS,
    'runtime/define-widget.ts': DEFINE_WIDGET,
    'widgets/a/a.tsx': COMPONENT,
    'widgets/a/theme.ts':
      "export const PREFIX = 'store-a';\nexport const A_PROPERTIES = { '--store-a-color': 'Text colour. Default: #222' } as const;\n",
    'widgets/b/b.element.ts': `const TAG = 'store-b';

/** A plain element. */
export class StoreBElement extends HTMLElement {
  connectedCallback(): void {
    // \`data-mode\`: how it runs.
    console.log(this.dataset.mode);
  }
}
customElements.define(TAG, StoreBElement);
`,
  };

  it('writes CSS properties, parts and events into the manifest when a definition has them', async () => {
    const root = tree({
      ...base,
      'widgets/a/a.element.ts': element(`  events: ['store-a-thing'],
  cssProperties: { ...A_PROPERTIES, '--store-a-gap': 'Space between rows.' },
  parts: { [\`\${PREFIX}__title\`]: 'The title.' },`),
    });
    const fixture = scanDefinitions(root);
    const [a, b] = manifest(fixture).modules[0]?.declarations ?? [];
    expect(a).toEqual({
      kind: 'class',
      customElement: true,
      name: 'StoreAElement',
      tagName: 'store-a',
      description: 'The A widget.',
      superclass: { name: 'HTMLElement', package: 'global:' },
      attributes: [
        { name: 'data-item-id', type: { text: 'string' }, description: 'The product (`data-item-id`).' },
        {
          name: 'data-open',
          type: { text: 'boolean' },
          description: '`data-open`: Whether it starts open. Boolean: true when present, unless "false".',
        },
      ],
      events: [
        {
          name: 'store-a-thing',
          type: { text: 'CustomEvent<{ id: string; size: Size }>' },
          description: 'A thing happened.',
        },
      ],
      cssProperties: [
        { name: '--store-a-color', description: 'Text colour.', default: '#222' },
        { name: '--store-a-gap', description: 'Space between rows.' },
      ],
      cssParts: [{ name: 'store-a__title', description: 'The title.' }],
    });
    expect(b).toMatchObject({
      tagName: 'store-b',
      name: 'StoreBElement',
      description: 'A plain element.',
      attributes: [{ name: 'data-mode', type: { text: 'string' }, description: '`data-mode`: how it runs.' }],
      events: [],
      cssProperties: [],
      cssParts: [],
    });
    expect(fixture.events.map((e) => [e.name, e.dispatchers, e.dispatchedBy])).toEqual([
      ['store-a-thing', ['store-a'], ['`document`: the thing store']],
      ['store-b-other', [], []],
    ]);
    const types = await typesSource(fixture);
    expect(types).toContain("export type Size = 'S' | 'M';");
    expect(types).toMatch(/export type StoreADataset = \{[^}]*itemId\?: string;[^}]*open\?: string;\s*\};/);
    expect(types).toContain("'store-a-thing': StoreEventMap['store-a-thing'];");
  }, 60_000);

  it('writes no CSS properties, parts or events when a definition has none', () => {
    const root = tree({ ...base, 'widgets/a/a.element.ts': element('') });
    const [a] = manifest(scanDefinitions(root)).modules[0]?.declarations ?? [];
    expect(a).toMatchObject({ events: [], cssProperties: [], cssParts: [] });
  }, 60_000);

  it('refuses definitions the build cannot read, naming the file and line', () => {
    const cases = [
      element('  cssProperties: themeProperties(),'),
      element("  events: ['store-nothing'],"),
      element('  parts: { [String(1)]: "x" },'),
    ];
    for (const text of cases) {
      const root = tree({ ...base, 'widgets/a/a.element.ts': text });
      expect(() => scanDefinitions(root), text).toThrow(/a\.element\.ts|store-nothing/);
    }
    // Two detail types of one name cannot both ship in the one declaration file.
    const clash = tree({
      ...base,
      'widgets/a/a.element.ts': element(''),
      'runtime/other.ts': "export type Size = 'L';\n",
      'runtime/events.ts': EVENTS.replace(
        "  /** Nothing to say. */\n  'store-b-other': CustomEvent<void>;",
        "  /** Other. */\n  'store-b-other': CustomEvent<{ size: Other }>;",
      ).replace('/** Sizes. */', "import type { Size as Other } from './other';\n\n/** Sizes. */"),
    });
    expect(() => scanDefinitions(clash)).toThrow(/two types are named Size/);
    const twice = tree({ ...base, 'widgets/a/a.element.ts': element(''), 'widgets/c/c.element.ts': element('') });
    expect(() => scanDefinitions(twice)).toThrow(/store-a is declared by two element files/);
  }, 60_000);

  it('runs in the build: the storefront bundle writes the types and the manifest', async () => {
    // Rollup reads its config in Node (the config needs file: URLs, which this test environment has not).
    const listed = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { default: configs } = await import('./rollup.config.mjs');" +
          "const storefront = configs.find((c) => JSON.stringify(c.input).includes('storefront/loader.ts'));" +
          'console.log(JSON.stringify(storefront.plugins.map((p) => p.name)));',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toContain('storefront-types');
    // And the plugin writes both files where the bundle goes.
    const out = tempDir('types-out-');
    const { storefrontTypes } = await import('./types-generator.mjs');
    await storefrontTypes(ROOT).writeBundle({ dir: out });
    expect(readdirSync(out).sort()).toEqual([MANIFEST_FILE, TYPES_FILE].sort());
  }, 60_000);
});
