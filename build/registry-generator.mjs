/**
 * Writes storefront/registry.generated.ts, the loader's registry, from the widget definitions:
 * - every `widgets/<name>/<name>.element.ts` declares `const TAG = 'store-<name>' as const` -> tag -> lazy chunk;
 *   one that also exports `LOAD_NEAR_VIEWPORT_IF = <rule imported from contract/>` loads near the
 *   viewport, where the page's store context passes the rule; one that exports
 *   `LOAD_AFTER_INTERACTIVE = true` loads once the page is interactive (after `load`, when idle),
 *   or at once when the shopper first touches, points at or focuses one of its elements;
 *   `RESERVED_BOX = '<CSS rules>'` holds the tag's box in the loader's CSS until its code renders;
 * - every other widget module that exports `ENHANCES = <selector>` (a string, or a template whose
 *   parts are string constants imported from contract/) -> selector -> its chunk, which exports `enhance`;
 *   `ENHANCE_AFTER_INTERACTIVE = true` beside it waits for the page to be interactive in the same way.
 * Runs in the build (the rollup plugin below), by hand (`node build/registry-generator.mjs`), and
 * in build/registry-generator.test.ts, which fails while the committed file is out of date.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REGISTRY_FILE = 'storefront/registry.generated.ts';

function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Top-level `const NAME = …` declarations of a file, by name. */
function constants(source) {
  const found = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        found.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return found;
}

/** Named imports of a file: local name -> { module file (absolute, .ts), imported name }. */
function namedImports(source) {
  const found = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const bindings = statement.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    const from = resolve(dirname(source.fileName), `${statement.moduleSpecifier.text}.ts`);
    for (const element of bindings.elements) {
      found.set(element.name.text, { file: from, name: (element.propertyName ?? element.name).text });
    }
  }
  return found;
}

function fail(source, node, message) {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  throw new Error(`${source.fileName}:${line + 1}: ${message}`);
}

function isInContract(root, file) {
  return relative(root, file).startsWith('contract/');
}

/** The expression under `as`, `satisfies` and parentheses. */
function unwrap(node) {
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)) {
    node = node.expression;
  }
  return node;
}

/** The string a selector, tag or box expression stands for; only literals and contract constants and table entries. */
function evaluate(root, source, node) {
  node = unwrap(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) {
    return node.text;
  }
  // `Table.KEY` of a contract/ table written as an object literal (an enumeration's code).
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const [contract, table] = contractConstant(root, source, node.expression);
    const literal = unwrap(table);
    const entry = ts.isObjectLiteralExpression(literal)
      ? literal.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(contract) === node.name.text)
      : undefined;
    if (!entry) fail(source, node, `${node.getText(source)} is not an entry of a contract/ table`);
    return evaluate(root, contract, entry.initializer);
  }
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) text += evaluate(root, source, span.expression) + span.literal.text;
    return text;
  }
  if (ts.isIdentifier(node)) {
    const [contract, value] = contractConstant(root, source, node);
    return evaluate(root, contract, value);
  }
  return fail(source, node, 'expected a string, or a template of contract/ constants and table entries');
}

/** The contract/ file and initializer of the constant `identifier` names (imported by `source`). */
function contractConstant(root, source, identifier) {
  const imported = namedImports(source).get(identifier.text);
  if (!imported || !isInContract(root, imported.file)) {
    fail(source, identifier, `${identifier.text} must be a constant imported from contract/`);
  }
  const contract = parse(imported.file);
  const value = constants(contract).get(imported.name);
  if (!value) fail(source, identifier, `${imported.name} is not a constant of ${relative(root, imported.file)}`);
  return [contract, value];
}

/** Import path from storefront/ to `file`, without the extension. */
function fromStorefront(root, file) {
  return relative(join(root, 'storefront'), file).replace(/\.tsx?$/, '');
}

/** What the widgets declare: tags (with their lazy rule) and enhancers, sorted by folder. */
export function scanWidgets(root = ROOT) {
  const widgets = [];
  const enhancers = [];
  const folders = readdirSync(join(root, 'widgets'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const files = readdirSync(join(root, 'widgets', folder))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .sort();
    for (const name of files) {
      const file = join(root, 'widgets', folder, name);
      const text = readFileSync(file, 'utf8');
      const isElement = name.endsWith('.element.ts');
      if (!isElement && !text.includes('ENHANCES')) continue;
      const source = parse(file);
      const declared = constants(source);
      if (isElement) {
        const tag = declared.get('TAG');
        if (!tag) throw new Error(`${relative(root, file)}: an element file declares its tag as const TAG = 'store-…'`);
        const value = evaluate(root, source, tag);
        if (!/^store-[a-z0-9-]+$/.test(value)) fail(source, tag, `tag ${value} must be store-…`);
        // A reader finds a tag's code by its name (docs/architecture.md); one folder per tag also keeps tags unique.
        const short = value.slice('store-'.length);
        if (folder !== short || name !== `${short}.element.ts`) {
          fail(source, tag, `<${value}> is defined in widgets/${short}/${short}.element.ts`);
        }
        const rule = declared.get('LOAD_NEAR_VIEWPORT_IF');
        let nearViewport = null;
        if (rule) {
          const imported = ts.isIdentifier(rule) ? namedImports(source).get(rule.text) : undefined;
          if (!imported || !isInContract(root, imported.file)) {
            fail(source, rule, 'LOAD_NEAR_VIEWPORT_IF must be a rule imported from contract/');
          }
          nearViewport = { module: fromStorefront(root, imported.file), name: imported.name };
        }
        // A plain custom element exports its class (`export class …Element extends HTMLElement`): the tag maps to it.
        const elementClass = source.statements.find(
          (node) =>
            ts.isClassDeclaration(node) &&
            node.name?.text.endsWith('Element') &&
            node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
        )?.name?.text;
        const afterInteractive = declared.get('LOAD_AFTER_INTERACTIVE')?.kind === ts.SyntaxKind.TrueKeyword;
        const box = declared.get('RESERVED_BOX');
        const reservedBox = box ? evaluate(root, source, box) : undefined;
        widgets.push({
          tag: value,
          module: fromStorefront(root, file),
          nearViewport,
          afterInteractive,
          elementClass,
          reservedBox,
        });
      } else if (declared.has('ENHANCES')) {
        enhancers.push({
          selector: evaluate(root, source, declared.get('ENHANCES')),
          module: fromStorefront(root, file),
          afterInteractive: declared.get('ENHANCE_AFTER_INTERACTIVE')?.kind === ts.SyntaxKind.TrueKeyword,
        });
      }
    }
  }
  return { widgets, enhancers };
}

/**
 * The reserved boxes of every tag as one stylesheet: each rule on a tag's own box, weighing
 * nothing against the page (`:where(…)`, as the widgets' host rules: runtime/weigh-rules.ts),
 * so a theme's own rule on the tag wins. It is `dist/storefront.css` and the loader's copy.
 */
export function reservedBoxes(root = ROOT) {
  const { widgets } = scanWidgets(root);
  return widgets
    .filter((w) => w.reservedBox)
    .map((w) =>
      w.reservedBox.replace(/([^{}]+)\{/g, (_, list) => {
        const selectors = list.split(',').map((selector) => selector.trim());
        const stray = selectors.find((selector) => !selector.startsWith(w.tag));
        if (stray) throw new Error(`the RESERVED_BOX of ${w.tag} styles ${stray}: only the tag's own box is held`);
        return `${list.startsWith('\n') ? '\n' : ''}${selectors.map((selector) => `:where(${selector})`).join(', ')} {`;
      }),
    )
    .join('\n');
}

/** The text of registry.generated.ts, formatted as the repository formats TypeScript. */
export async function registrySource(root = ROOT) {
  const { widgets, enhancers } = scanWidgets(root);
  const rules = [...new Map(widgets.filter((w) => w.nearViewport).map((w) => [w.nearViewport.name, w])).values()];
  const q = JSON.stringify;
  const text = `// Generated by build/registry-generator.mjs from the widget definitions: do not edit.
${rules.map((w) => `import { ${w.nearViewport.name} } from ${q(w.nearViewport.module)};`).join('\n')}
${widgets
  .filter((w) => w.elementClass)
  .map((w) => `import type { ${w.elementClass} } from ${q(w.module)};`)
  .join('\n')}

type WidgetModule = () => Promise<unknown>;
type EnhancerModule = () => Promise<{ enhance(element: Element): void }>;
/** Whether a lazy widget may load on a page, given the page's store context. */
type LoadRule = (context: Record<string, unknown>) => boolean;

/** Every tag a widget defines. */
export type StoreTag = ${widgets.map((w) => q(w.tag)).join(' | ')};

/** Tag -> the chunk that defines it. */
export const WIDGETS: Readonly<Record<string, WidgetModule>> = {
${widgets.map((w) => `  ${q(w.tag)}: () => import(${q(w.module)}),`).join('\n')}
} satisfies Record<StoreTag, WidgetModule>;

/**
 * Tags whose code is fetched only once an element comes near the viewport, and only where
 * the page's store context passes their rule (\`LOAD_NEAR_VIEWPORT_IF\` of the element file).
 */
export const NEAR_VIEWPORT: Readonly<Record<string, LoadRule>> = {
${widgets
  .filter((w) => w.nearViewport)
  .map((w) => `  ${q(w.tag)}: ${w.nearViewport.name},`)
  .join('\n')}
};

/**
 * Tags whose code waits until the page is interactive (after \`load\`, when the browser is idle), or
 * until the shopper touches, points at or focuses one of their elements:
 * \`LOAD_AFTER_INTERACTIVE = true\` in the element file (analytics, and widgets whose server markup
 * already shows all there is until the shopper acts, so they must not compete with the add button).
 */
export const AFTER_INTERACTIVE: ReadonlySet<string> = new Set([${widgets
    .filter((w) => w.afterInteractive)
    .map((w) => q(w.tag))
    .join(', ')}]);

/**
 * The boxes of tags whose code comes later (\`RESERVED_BOX\` of the element file), held by the
 * loader from the start so that nothing moves when their code renders.
 */
export const RESERVED_BOXES = ${q(reservedBoxes(root))};

/**
 * Selector of markup the platform's formatters render -> the chunk that brings it to life,
 * with the page left as it is (\`ENHANCES\` beside the module's \`enhance\`).
 */
export const PLATFORM_MARKUP: Readonly<Record<string, EnhancerModule>> = {
${enhancers.map((e) => `  ${q(e.selector)}: () => import(${q(e.module)}),`).join('\n')}
};

/** Markup whose enhancer waits like an after-interactive tag (\`ENHANCE_AFTER_INTERACTIVE = true\`). */
export const AFTER_INTERACTIVE_MARKUP: ReadonlySet<string> = new Set([${enhancers
    .filter((e) => e.afterInteractive)
    .map((e) => q(e.selector))
    .join(', ')}]);

declare global {
  /** Every store tag, so that \`document.querySelector('store-cart-pill')\` and friends are typed. */
  interface HTMLElementTagNameMap {
${widgets.map((w) => `    ${q(w.tag)}: ${w.elementClass ?? 'HTMLElement'};`).join('\n')}
  }
}
`;
  const file = join(root, REGISTRY_FILE);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** Writes the registry when it changed; returns whether it did. */
export async function writeRegistry(root = ROOT) {
  const file = join(root, REGISTRY_FILE);
  const text = await registrySource(root);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

/** Rollup plugin: brings the registry up to date before the build reads it. */
export function storefrontRegistry(root = ROOT) {
  return {
    name: 'storefront-registry',
    // `options` runs before any plugin's buildStart (those run at once): the TypeScript plugin then reads the new file.
    async options() {
      if (await writeRegistry(root)) console.info(`updated ${REGISTRY_FILE}`);
      return null;
    },
  };
}

/** Rollup plugin: writes storefront.css (the reserved boxes) beside the loader. */
export function storefrontCss(root = ROOT) {
  return {
    name: 'storefront-css',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'storefront.css', source: `${reservedBoxes(root)}\n` });
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = await writeRegistry();
  console.log(changed ? `updated ${REGISTRY_FILE}` : `${REGISTRY_FILE} is up to date`);
}
