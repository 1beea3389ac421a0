// ESLint rule: no import cycle between the project's own files, type-only imports included
// (import-x/no-cycle skips those; a type cycle still ties two modules into one).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file an import specifier names, or undefined when it is not one of ours on disk. */
export function resolveSpecifier(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ending of EXTENSIONS) if (existsSync(base + ending)) return base + ending;
  return undefined;
}

function importsOf(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target && !target.includes('/node_modules/')) found.push(target);
  }
  return found;
}

const edgesCache = new Map();
function edges(file) {
  let list = edgesCache.get(file);
  if (!list) {
    list = importsOf(file);
    edgesCache.set(file, list);
  }
  return list;
}

/** A path of imports from `start` back to `goal` (files), or undefined. */
export function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    for (const next of edges(file)) {
      if (next === goal) return path;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...path, next]]);
    }
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles between project files, type-only imports included.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    edgesCache.delete(file);
    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveSpecifier(file, specifier);
      if (!target) return;
      const back = pathBack(target, file);
      if (!back) return;
      const root = context.cwd;
      const chain = [file, ...back, file].map((f) => f.replace(`${root}/`, '')).join(' -> ');
      context.report({ node, message: `Import cycle: ${chain}` });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const localPlugin = { rules: { 'no-import-cycle': rule } };
