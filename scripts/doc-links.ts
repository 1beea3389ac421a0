import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: true });

/** A link the checker could not follow: where it is, what it says, and why. */
export interface BrokenLink {
  file: string;
  line: number;
  href: string;
  problem: string;
}

/** README.md and every Markdown file under docs/, relative to `root`. */
export function documentationFiles(root: string): string[] {
  const files = existsSync(join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return files.sort();
}

/** The anchors GitHub gives a Markdown file: a slug per heading (repeats numbered), and `<a id|name>`. */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') {
      const inline = tokens[i + 1];
      const words = (inline?.children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join('');
      anchors.add(slugger.slug(words));
    }
    if (token.type === 'html_block' || token.type === 'inline') {
      const html = token.type === 'inline' ? (token.children ?? []).map((c) => c.content).join('') : token.content;
      for (const match of html.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
    }
  });
  return anchors;
}

/** Every link and image target of a Markdown text, with its line. */
function targetsOf(text: string): { href: string; line: number }[] {
  const targets: { href: string; line: number }[] = [];
  for (const token of markdown.parse(text, {})) {
    if (token.type !== 'inline' || !token.map) continue;
    for (const child of token.children ?? []) {
      const href =
        child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (typeof href === 'string') targets.push({ href, line: token.map[0] + 1 });
    }
  }
  return targets;
}

/** Relative links to files that do not exist and anchors the target has no heading for. Web addresses are not fetched. */
export function brokenLinks(root: string, files = documentationFiles(root)): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (path: string): Set<string> => {
    let anchors = anchorCache.get(path);
    if (!anchors) anchorCache.set(path, (anchors = anchorsOf(readFileSync(path, 'utf8'))));
    return anchors;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const path = join(root, file);
    for (const { href, line } of targetsOf(readFileSync(path, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
      const [target = '', anchor] = href.split('#', 2);
      const targetPath = target ? resolve(dirname(path), decodeURIComponent(target)) : path;
      const report = (problem: string) => broken.push({ file, line, href, problem });
      if (relative(root, targetPath).startsWith('..')) report('points outside the repository');
      else if (!existsSync(targetPath)) report(`${relative(root, targetPath)} does not exist`);
      else if (anchor !== undefined && targetPath.endsWith('.md') && statSync(targetPath).isFile()) {
        if (!anchorsIn(targetPath).has(decodeURIComponent(anchor))) {
          report(`${relative(root, targetPath)} has no heading for #${anchor}`);
        }
      }
    }
  }
  return broken;
}
