/**
 * docs/template-language.md, "Formatters and predicates by domain", has one line per name of
 * our tables, each under its domain, and no line for a name no table has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS } from './index';
import { COMMERCE_FORMATTERS } from './plugins/formatters.commerce';
import { CONTENT_FORMATTERS, SOCIAL_FORMATTERS } from './plugins/formatters.content';
import { CORE_FORMATTERS } from './plugins/formatters.core';
import { DATE_FORMATTERS } from './plugins/formatters.date';
import { I18N_FORMATTERS } from './plugins/formatters.i18n';
import { MONEY_FORMATTERS } from './plugins/formatters.money';
import { COMMERCE_PREDICATES } from './plugins/predicates.commerce';
import { CONTENT_PREDICATES, SOCIAL_PREDICATES } from './plugins/predicates.content';
import { CORE_PREDICATES } from './plugins/predicates.core';
import { I18N_PREDICATES } from './plugins/predicates.i18n';

const PAGE = readFileSync(join(import.meta.dirname, '..', 'docs', 'template-language.md'), 'utf8');
const SECTION = '## Formatters and predicates by domain';

const names = (...tables: object[]): string[] => tables.flatMap((table) => Object.keys(table));
const social = new Set(names(SOCIAL_FORMATTERS, SOCIAL_PREDICATES));

/** The tables of each domain, by the first word of its heading; the social names have a domain of their own. */
const DOMAINS: Record<string, string[]> = {
  Core: names(CORE_FORMATTERS, CORE_PREDICATES),
  Money: names(MONEY_FORMATTERS),
  Commerce: names(COMMERCE_FORMATTERS, COMMERCE_PREDICATES),
  Content: names(CONTENT_FORMATTERS, CONTENT_PREDICATES).filter((name) => !social.has(name)),
  Social: [...social],
  Internationalisation: names(I18N_FORMATTERS, I18N_PREDICATES),
  Date: names(DATE_FORMATTERS),
};

/** The names the section lists, by domain: the first word of the code that opens each list item. */
function documentedNames(): Map<string, string[]> {
  const start = PAGE.indexOf(`${SECTION}\n`);
  expect(start, `docs/template-language.md has no "${SECTION}" section`).toBeGreaterThanOrEqual(0);
  const next = PAGE.indexOf('\n## ', start + SECTION.length);
  const lines = PAGE.slice(start, next < 0 ? undefined : next).split('\n');
  const found = new Map<string, string[]>();
  let domain: string[] | undefined;
  for (const line of lines) {
    const heading = /^### (\S+)/.exec(line);
    if (heading) {
      domain = [];
      found.set(heading[1] as string, domain);
    }
    const item = /^- `([^`\s]+)/.exec(line);
    if (item) domain?.push(item[1] as string);
  }
  return found;
}

describe('docs/template-language.md lists the formatters and predicates', () => {
  const documented = documentedNames();

  it('has the domains of the tables, in one section each', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(DOMAINS).sort());
  });

  it.each(Object.keys(DOMAINS))('lists every name of the %s tables once, and no other', (domain) => {
    const listed = documented.get(domain) ?? [];
    const expected = DOMAINS[domain] ?? [];
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect(
      expected.filter((name) => !listed.includes(name)),
      'names with no line',
    ).toEqual([]);
    expect(
      listed.filter((name) => !expected.includes(name)),
      'lines of no name',
    ).toEqual([]);
  });

  it('covers every built-in name, so a new table needs a domain here', () => {
    const all = Object.values(DOMAINS).flat().sort();
    expect(all).toEqual(names(BUILTIN_PLUGINS.formatters, BUILTIN_PLUGINS.predicates).sort());
  });
});
