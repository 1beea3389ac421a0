/**
 * A whole theme of our own, written as the platform's real templates are (template/theme: a site
 * region with navigation and footer, blog list and item, products list and item, events, a
 * gallery, blocks that apply the platform's own partials), rendered against the demo store's
 * data in the shapes the platform sends (template/theme/pages.ts) by our engine and by the
 * reference engine. Every page comes out byte for byte the same; a page that came to differ would
 * need an entry of the reviewed list (intentional-differences.ts) covering it, and its own check here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { referenceCldr } from './differential-cases';
import { compile, execute } from './index';
import { themePages } from './theme/pages';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string }; errors: { message?: string }[] };
}
const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => ReferenceCompiler;
};
const reference = new Compiler();

const THEME = new URL('./theme/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, THEME), 'utf8');
const partials = Object.fromEntries(
  readdirSync(new URL('blocks/', THEME)).map((name) => [name, read(`blocks/${name}`)] as const),
);
/** The platform's own partials the theme names; no render here is given them. */
const PLATFORM_PARTIALS = ['sqs-video-background.block', 'sqs-social-links.block', 'sqs-footer-scripts.block'];

const NOW = Date.UTC(2026, 11, 1, 12);

function ours(source: string, json: unknown) {
  const compiled = compile(source, { partials: Object.keys(partials) });
  const { output, errors } = execute(compiled.code, json, { partials, now: NOW, locale: 'en-US' });
  return { output, errors: [...compiled.errors, ...errors].map((e) => e.message), warnings: compiled.warnings };
}

function theirs(source: string, json: unknown) {
  const { code } = reference.parse(source);
  const cldr = referenceCldr('en-US');
  const result = reference.execute({ code, json, partials, cldr, now: NOW, enableExpr: true, enableInclude: true });
  return { output: result.ctx.render(), errors: result.errors.map((e) => e.message ?? '') };
}

/** A page as the platform serves it: its list or item template, then the site region around it. */
function renderPage(render: typeof ours | typeof theirs, template: string, json: Record<string, unknown>) {
  const main = render(read(template), json);
  const page = render(read('site.region'), { ...json, squarespace: { 'main-content': main.output } });
  return { output: page.output, errors: [...main.errors, ...page.errors] };
}

const pages = themePages(NOW);

describe('a theme written as the platform writes its own, against the reference engine', () => {
  it('compiles without errors; the platform partials it names are warnings, not failures', () => {
    const names = [...readdirSync(THEME).filter((f) => /\.(region|list|item)$/.test(f)), ...Object.keys(partials)];
    const warned = new Set<string>();
    for (const name of names) {
      const source = name.endsWith('.block') ? partials[name] : read(name);
      const { errors, warnings } = compile(source as string, { partials: Object.keys(partials) });
      expect(errors, name).toEqual([]);
      for (const w of warnings) warned.add(/'([^']+)'/.exec(w.message)?.[1] ?? w.message);
    }
    expect([...warned].sort()).toEqual([...PLATFORM_PARTIALS].sort());
  });

  it.each(pages.map((page) => [page.name, page] as const))('%s: the same bytes as the reference', (_name, page) => {
    const mine = renderPage(ours, page.template, page.json);
    const reference = renderPage(theirs, page.template, page.json);
    // No branch that names a platform partial runs on the demo data: no render reports one.
    expect(mine.errors).toEqual([]);
    expect(reference.errors).toEqual([]);
    expect(mine.output).toBe(reference.output);
    expect(mine.output).toContain('<main id="page" role="main">');
  });

  it("reads the shapes the platform sends: link objects, image records, each page's own markup", () => {
    const output = (name: string) => {
      const page = pages.find((p) => p.name === name);
      return page ? renderPage(ours, page.template, page.json).output : '';
    };
    // Navigation: external links are objects; a folder lists its pages.
    expect(output('blog list')).toContain('<a href="https://instagram.example.com/fieldandforge" target="_blank"');
    expect(output('blog list')).toContain('<span class="folder-title">More</span>');
    expect(output('blog list')).toMatch(/class="hentry category-news tag-markets tag-events author-mara-field/);
    expect(output('blog list')).toContain('class="sqs-comment-link"');
    expect(output('blog item')).toContain('<div class="squarespace-comments" id="comments-post-winter-market"');
    // Gallery images are image records: a systemDataId and no mainImageId.
    expect(output('gallery').match(/<img data-src=/g)?.length).toBe(6);
    expect(output('events list')).toContain('href="http://www.google.com/calendar/event?action=TEMPLATE&text=Winter');
    expect(output('product linen-shirt')).toContain('<select');
    expect(output('products list')).toContain('class="product hentry');
  });
});
