/**
 * How much a widget rule weighs against the page's own CSS. Widget CSS is written as plain CSS;
 * before it is added to a document every rule is rewritten to one of two weights:
 * - a rule on a widget's tag itself (`store-cart-pill { … }`) weighs nothing, `:where(…)`: any rule
 *   of the page on the tag wins;
 * - every other rule weighs one element selector, `html :where(…)`: it beats the page's
 *   element-wide rules (`button`, `a`, `h2`, resets weigh as much, and widget styles come after
 *   the page's) and loses to any rule of the page that names a class, an attribute or an id.
 * The rules are then ordered by the weight they were written with, so they still override one
 * another as written. An `!important` declaration holds against anything but the page's own
 * `!important` (used for what a page must not break by accident: the focus ring).
 */

/** A style rule with the conditional rules (`@media`, `@container`, `@supports`) around it. */
interface Rule {
  readonly wrappers: readonly string[];
  readonly selector: string;
  readonly body: string;
  readonly weight: number;
  readonly order: number;
}

/** Index of the `}` closing the block that opens at `open`, skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = css.indexOf(c, i + 1);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Splits at commas outside parentheses and brackets. */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** The argument of the functional pseudo-class whose `(` is at `open`, and the index after its `)`. */
function argument(selector: string, open: number): [string, number] {
  let depth = 0;
  for (let i = open; i < selector.length; i++) {
    if (selector[i] === '(') depth++;
    else if (selector[i] === ')' && --depth === 0) return [selector.slice(open + 1, i), i + 1];
  }
  return [selector.slice(open + 1), selector.length];
}

/** Specificity as one number: ids, then classes (attributes, pseudo-classes), then types, 100 of each at most. */
export function specificity(selector: string): number {
  let weight = 0;
  const token = /#[\w-]+|\.[\w-]+|\[[^\]]*\]|::?[\w-]+\(?|[a-zA-Z][\w-]*|\*/y;
  for (let i = 0; i < selector.length;) {
    token.lastIndex = i;
    const match = token.exec(selector);
    if (!match) {
      i++;
      continue;
    }
    const [text] = match;
    i = token.lastIndex;
    if (text.endsWith('(')) {
      const [inner, next] = argument(selector, i - 1);
      i = next;
      if (text === ':where(') continue;
      if (text === ':is(' || text === ':not(' || text === ':has(') {
        weight += Math.max(0, ...splitList(inner).map(specificity));
        continue;
      }
      weight += text.startsWith('::') ? 1 : 100;
    } else if (text[0] === '#') weight += 10000;
    else if (text.startsWith('::')) weight += 1;
    else if (text[0] === '.' || text[0] === '[' || text[0] === ':') weight += 100;
    else if (text !== '*') weight += 1;
  }
  return weight;
}

/** The selector at its new weight. */
function weighSelector(selector: string): string {
  // A pseudo-element cannot sit inside :where(): it stays after it.
  const pseudo = /::[\w-]+(\([^)]*\))?$/.exec(selector);
  const subject = pseudo ? selector.slice(0, pseudo.index) : selector;
  const tail = pseudo ? pseudo[0] : '';
  const last = subject.split(/[\s>+~]+/).pop() ?? '';
  return last.startsWith('store-') ? `:where(${subject})${tail}` : `html :where(${subject})${tail}`;
}

function collect(css: string, wrappers: readonly string[], rules: Rule[], kept: string[]): void {
  for (let i = 0; i < css.length;) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    const close = blockEnd(css, open);
    const body = css.slice(open + 1, close);
    i = close + 1;
    if (/^@(media|container|supports)\b/.test(prelude)) collect(body, [...wrappers, prelude], rules, kept);
    else if (prelude.startsWith('@')) kept.push(`${prelude} {${body}}`);
    else {
      for (const selector of splitList(prelude)) {
        rules.push({ wrappers, selector, body, weight: specificity(selector), order: rules.length });
      }
    }
  }
}

/** `css` with every rule at its weight against the page (see the top of this file). */
export function weighRules(css: string): string {
  const rules: Rule[] = [];
  const kept: string[] = [];
  collect(css.replace(/\/\*[\s\S]*?\*\//g, ''), [], rules, kept);
  rules.sort((a, b) => a.weight - b.weight || a.order - b.order);
  const written = rules.map(({ wrappers, selector, body }) =>
    wrappers.reduceRight((inner, wrapper) => `${wrapper} { ${inner} }`, `${weighSelector(selector)} {${body}}`),
  );
  return [...kept, ...written].join('\n');
}
