/**
 * Control characters no text the store takes may hold: C0 (NUL to U+001F) but tab and line feed,
 * a carriage return only as part of CRLF (a browser's line break in a posted form), and DEL.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\r(?!\n)/;

/** Where a text first holds a control character: its name (`header.links[0].label`) and code point (`U+0000`). */
export interface ControlCharacterFound {
  path: string;
  codePoint: string;
}

function found(text: string, path: string): ControlCharacterFound | undefined {
  const match = CONTROL.exec(text);
  if (!match) return undefined;
  const code = match[0].charCodeAt(0);
  return { path, codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` };
}

/**
 * The first control character in `value` (a string, or any parsed JSON: every string and key in
 * it), named from `path` ('' for a request body, whose fields are named alone); undefined when
 * there is none. Iterative, so no nesting overflows it.
 */
export function findControlCharacter(value: unknown, path: string): ControlCharacterFound | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      const hit = found(item, at);
      if (hit) return hit;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], `${at || 'item'}[${i}]`]);
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const hit = found(key, at ? `a name in ${at}` : 'a field name');
        if (hit) return hit;
        stack.push([child, at ? `${at}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/** The refusal of a text with a control character: what, where, and what is allowed. */
export function controlCharacterMessage({ path, codePoint }: ControlCharacterFound): string {
  const where = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return `${where} holds a control character (${codePoint}): text may hold tabs and line breaks, no other control characters.`;
}
