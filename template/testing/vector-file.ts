/**
 * Test vector files: sections that start with a line `:NAME` (`:JSON`, `:TEMPLATE`,
 * `:OUTPUT`, `:PARTIALS`, `:INJECT`, `:PARAMS`, `:PROPERTIES`). A file without `:OUTPUT`
 * whose `:JSON` is an instruction tree checks the compiler instead (the `ast-N` files).
 */
export interface Vector {
  template: string;
  /** Expected output; undefined for instruction-tree vectors. */
  output?: string;
  /** Input JSON (output vectors) or expected instruction tree (tree vectors). */
  json: unknown;
  partials: Record<string, string>;
  injects: Record<string, string>;
  locale?: string;
  now?: number;
}

/**
 * The vectors come from an engine whose JSON keeps numbers as written: `1.0` prints "1.0" and
 * is plural "other" in English. JavaScript numbers cannot hold that, so a decimal literal that
 * would lose its written form (`1.0`, `2.50`) is read as its text.
 */
function keepWrittenDecimals(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-?(?<!\d)\d+\.\d+(?![\d.eE])/g, (token) =>
    token.startsWith('"') || String(Number(token)) === token ? token : `"${token}"`,
  );
}

function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text.trim() === '') return fallback;
  return JSON.parse(keepWrittenDecimals(text)) as unknown;
}

/** `key: value` (or `key=value`) lines of a `:PROPERTIES` section. */
function parseProperties(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.search(/[:=]/);
    if (colon > 0) result[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return result;
}

export function splitSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let name: string | undefined;
  let lines: string[] = [];
  const close = () => {
    if (name) sections.set(name, lines.join('\n'));
  };
  for (const line of text.split('\n')) {
    const header = /^:([A-Z]+)\s*$/.exec(line);
    if (header) {
      close();
      name = header[1];
      lines = [];
    } else {
      lines.push(line);
    }
  }
  close();
  return sections;
}

/** Reads one vector file; undefined when the file is not a vector (no `:TEMPLATE`). */
export function parseVector(text: string): Vector | undefined {
  const sections = splitSections(text.replace(/\r\n/g, '\n'));
  const template = sections.get('TEMPLATE');
  if (template === undefined) return undefined;
  const params = {
    ...(parseJson(sections.get('PARAMS'), {}) as Record<string, unknown>),
    ...parseProperties(sections.get('PROPERTIES') ?? ''),
  };
  // A section's text ends before the blank line that separates it from the next header.
  const vector: Vector = {
    template: template.replace(/\n$/, ''),
    json: parseJson(sections.get('JSON'), {}),
    partials: parseJson(sections.get('PARTIALS'), {}) as Record<string, string>,
    injects: parseJson(sections.get('INJECT'), {}) as Record<string, string>,
  };
  const output = sections.get('OUTPUT');
  if (output !== undefined) vector.output = output;
  if (typeof params.locale === 'string') vector.locale = params.locale;
  if (params.now !== undefined && Number.isFinite(Number(params.now))) vector.now = Number(params.now);
  return vector;
}
