import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The page that gives every spec section a heading, relative to the repository. */
export const REQUIREMENTS = 'docs/requirements.md';

/** The two specs and how many numbered sections each has; a section's heading anchor is `storefront-5`. */
const SECTIONS = { storefront: 9, platform: 9 } as const;
type Spec = keyof typeof SECTIONS;

/** Names a text may give a spec: "storefront spec", "shopper spec", "platform spec". */
const SPEC_NAMES: Record<string, Spec> = { storefront: 'storefront', shopper: 'storefront', platform: 'platform' };

/** A spec named, or sections cited ("section 5", "sections 4, 5 and 8", "sections 3-5"), across comment line breaks. */
const TOKEN =
  /\b(?<spec>storefront|shopper|platform) spec\b|\bsections?(?:[\s*]|\/\/)+(?<list>\d+(?:(?:[\s*]|\/\/)*(?:,|and|-|–)(?:[\s*]|\/\/)*\d+)*)/gi;

/** One citation: the anchor of the section it names (`storefront-5`), or none when the text named no spec before it. */
export interface Citation {
  file: string;
  line: number;
  anchor: string | undefined;
  text: string;
}

export interface CitationProblem {
  file: string;
  line: number;
  problem: string;
}

/** Section numbers of a list: "4, 5 and 8" -> [4, 5, 8], "3-5" -> [3, 4, 5]. */
function sectionNumbers(list: string): number[] {
  const numbers: number[] = [];
  for (const part of list.split(/,|and/)) {
    const [from, to = from] = part.split(/-|–/).map((n) => Number(n.replace(/[^\d]/g, '')));
    for (let n = from as number; n <= (to as number); n++) numbers.push(n);
  }
  return numbers;
}

/**
 * The spec sections a text cites, in order. A section number belongs to the spec the text named last
 * before it, so "(platform spec, sections 3 and 7)" and a later "(spec, section 5)" in the same file
 * both cite the platform spec.
 */
export function citationsOf(file: string, text: string): Citation[] {
  const citations: Citation[] = [];
  let spec: Spec | undefined;
  for (const match of text.matchAll(TOKEN)) {
    const { spec: named, list } = match.groups as { spec?: string; list?: string };
    if (named) spec = SPEC_NAMES[named.toLowerCase()];
    if (!list) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const cited = match[0].replace(/(?:[\s*]|\/\/)+/g, ' ');
    for (const n of sectionNumbers(list)) citations.push({ file, line, anchor: spec && `${spec}-${n}`, text: cited });
  }
  return citations;
}

/** Files a citation may sit in: everything git tracks or would track, but the lock file and this checker's examples. */
export function citingFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file && file !== 'package-lock.json' && !file.startsWith('scripts/spec-citations'))
    .filter((file) => existsSync(join(root, file)))
    .filter((file) => /\.(?:[cm]?[jt]sx?|md|html|block|css|json)$/.test(file));
}

/** Each section heading of the requirements page, by anchor, with the paths it lists in backticks and its line. */
function sectionsOf(page: string): Map<string, { line: number; paths: string[] }> {
  const sections = new Map<string, { line: number; paths: string[] }>();
  let current: { line: number; paths: string[] } | undefined;
  page.split('\n').forEach((text, i) => {
    if (/^#{1,6} /.test(text)) {
      const anchor = /<a id="((?:storefront|platform)-\d+)"/.exec(text)?.[1];
      current = undefined;
      if (anchor) sections.set(anchor, (current = { line: i + 1, paths: [] }));
      return;
    }
    // A path is a backticked word with a slash that is no web address or URL path: `widgets/cart-pill/`.
    for (const [, path] of text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\/?)`/g)) current?.paths.push(path as string);
  });
  return sections;
}

/**
 * What keeps every spec citation followable inside the repository: each cited section has its heading
 * in docs/requirements.md, each spec section has one, every path a heading lists exists, and every
 * file (not a Markdown page) that cites a section is listed under its heading.
 */
export function citationProblems(root: string, files = citingFiles(root)): CitationProblem[] {
  const problems: CitationProblem[] = [];
  const pagePath = join(root, REQUIREMENTS);
  if (!existsSync(pagePath)) return [{ file: REQUIREMENTS, line: 1, problem: 'does not exist' }];
  const page = readFileSync(pagePath, 'utf8');
  const sections = sectionsOf(page);

  for (const [spec, count] of Object.entries(SECTIONS))
    for (let n = 1; n <= count; n++)
      if (!sections.has(`${spec}-${n}`))
        problems.push({
          file: REQUIREMENTS,
          line: 1,
          problem: `has no heading <a id="${spec}-${n}"> (${spec} spec, section ${n})`,
        });

  for (const [anchor, { line, paths }] of sections)
    for (const path of paths)
      if (!existsSync(join(root, path)))
        problems.push({ file: REQUIREMENTS, line, problem: `#${anchor} lists ${path}, which does not exist` });

  for (const file of files) {
    if (file === REQUIREMENTS) continue;
    for (const { line, anchor, text } of citationsOf(file, readFileSync(join(root, file), 'utf8'))) {
      const report = (problem: string) => problems.push({ file, line, problem });
      if (!anchor) report(`"${text}" names no spec: write "storefront spec, ${text}" or "platform spec, ${text}"`);
      else if (!sections.has(anchor)) report(`"${text}" cites ${anchor}, which ${REQUIREMENTS} has no heading for`);
      else if (!file.endsWith('.md') && !listedIn(sections.get(anchor)?.paths ?? [], file))
        report(`cites ${anchor}, but ${REQUIREMENTS}#${anchor} does not list ${file}`);
    }
  }
  // A list of sections without a spec is one problem, not one per number.
  return [...new Map(problems.map((problem) => [JSON.stringify(problem), problem])).values()];
}

/** Whether a heading's paths name the file itself or a folder holding it. */
function listedIn(paths: string[], file: string): boolean {
  return paths.some((path) => path === file || (path.endsWith('/') && file.startsWith(path)));
}
