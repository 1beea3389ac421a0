import { readdirSync, readFileSync } from 'node:fs';
import { compile, execute, formatError, type Code } from '../../template/index';
import { cspNonce } from '../http/csp-nonce';
import { withLanguageLinks } from './page-language';

/**
 * The demo store's pages: JSON-Template files in demo-pages/templates/ (pages) and demo-pages/templates/partials/
 * (partials, applied by file name), compiled once when first needed and rendered per request.
 */
const TEMPLATES = new URL('../../demo-pages/templates/', import.meta.url);

export type PageName =
  | 'home'
  | 'shop'
  | 'search'
  | 'product'
  | 'product-tag'
  | 'themes'
  | 'cart'
  | 'checkout'
  | 'subscription'
  | 'gift-card'
  | 'not-found'
  | 'error'
  | 'lock-screen'
  | 'no-widgets'
  | 'site-form'
  | 'login'
  | 'account-confirm'
  | 'forbidden'
  | 'restock-admin'
  | 'outbox'
  | 'analytics'
  | 'settings'
  | 'qa-flags'
  | 'account'
  | 'journal'
  | 'journal-post'
  | 'events'
  | 'gallery'
  | 'popup'
  | 'owner-popup'
  | 'owner-site'
  | 'owner-languages'
  | 'catalog-admin'
  | 'billing'
  | 'owner-data'
  | 'order-confirmed'
  | 'quick-view'
  | 'owner-home';

interface Compiled {
  pages: Map<string, Code>;
  partials: Record<string, Code>;
}

let compiled: Compiled | undefined;

function compileAll(): Compiled {
  const partialNames = readdirSync(new URL('partials/', TEMPLATES)).filter((f) => f.endsWith('.block'));
  const partials: Record<string, Code> = {};
  const problems: string[] = [];
  const build = (file: URL, name: string): Code => {
    const result = compile(readFileSync(file, 'utf8'), { partials: partialNames });
    for (const error of result.errors) problems.push(`${name}:${formatError(error)}`);
    return result.code;
  };
  for (const name of partialNames) partials[name] = build(new URL(`partials/${name}`, TEMPLATES), name);
  const pages = new Map<string, Code>();
  for (const file of readdirSync(TEMPLATES).filter((f) => f.endsWith('.html'))) {
    pages.set(file.replace(/\.html$/, ''), build(new URL(file, TEMPLATES), file));
  }
  // A broken demo template is a bug of ours: say so loudly, once.
  if (problems.length > 0) console.error(`Demo templates have problems:\n  ${problems.join('\n  ')}`);
  return { pages, partials };
}

/**
 * Renders one demo page; template problems at render time are logged, the page still renders.
 * Templates read the response's Content-Security-Policy nonce as `cspNonce`; a page of a
 * language prefix keeps its links in the language.
 */
export function renderPage(
  name: PageName,
  data: Record<string, unknown>,
  /** The nonce to write (the response's by default; a stand-in when the page is kept for later responses). */
  nonce: string | undefined = cspNonce(),
): string {
  compiled ??= compileAll();
  const code = compiled.pages.get(name);
  if (!code) throw new Error(`No demo template named ${name}`);
  const { output, errors } = execute(code, nonce ? { ...data, cspNonce: nonce } : data, {
    partials: compiled.partials,
  });
  for (const error of errors) console.warn(`demo page ${name}: ${formatError(error)}`);
  // Under a language prefix (`/de/…`), links to the store's pages stay in that language.
  return withLanguageLinks(output);
}
