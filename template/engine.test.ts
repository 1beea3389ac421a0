import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, compile, createEngine, execute, formatError } from './index';

describe('json-script', () => {
  it('writes JSON no script element can be closed or changed by, unlike json (the reference output)', () => {
    const data = { name: '<!--<script>x</script> & \u2028' };
    expect(execute('{name|json}', data).output).toBe('"<!--<script>x<\\/script> & \u2028"');
    const safe = execute('{@|json-script}', data).output;
    expect(safe).toBe('{"name":"\\u003c!--\\u003cscript\\u003ex\\u003c/script\\u003e \\u0026 \\u2028"}');
    expect(JSON.parse(safe)).toEqual(data);
  });
});

describe('json', () => {
  it('writes a list of strings as JSON.stringify does, with `</` escaped in any item', () => {
    const lists = [
      [],
      ['travel', 'food'],
      ['a</b', 'c'],
      ['say "hi"', 'x</'],
      ['<', '/'],
      ['\u2028', 'é'],
      ['a', 1, null],
    ];
    for (const tags of lists) {
      const expected = JSON.stringify(tags).replace(/<\//g, '<\\/');
      expect(execute('{tags|json}', { tags }).output).toBe(expected);
    }
    expect(execute('{tags|json}', { tags: ['a</b'] }).output).toBe('["a<\\/b"]');
  });

  it('agrees with JSON.stringify on lists of any strings', () => {
    const unit = fc.constantFrom('a', '<', '/', '"', '\\', '\u0001', '\u001f', ' ', 'é', '\ud83d', '\ude00', '\u2028');
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 8 }), { maxLength: 4 }), (tags) => {
        expect(execute('{tags|json}', { tags }).output).toBe(JSON.stringify(tags).replace(/<\//g, '<\\/'));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('compile', () => {
  it('returns the instruction tree as plain JSON that renders the same after storage', () => {
    const { code, errors } = compile('{.repeated section items}{name|html}{.alternates with}, {.end}');
    expect(errors).toEqual([]);
    const stored = JSON.parse(JSON.stringify(code));
    const data = { items: [{ name: 'a<b' }, { name: 'c' }] };
    expect(execute(stored, data).output).toBe('a&lt;b, c');
    expect(execute(code, data).output).toBe('a&lt;b, c');
  });

  it('reports problems with line and column, and keeps going', () => {
    const source = 'line one\n  {title|nosuch}\n{.nosuch? x}y{.end}\n{.end}\n{.section open}';
    const { errors } = compile(source);
    expect(errors.map((e) => [e.stage, e.line, e.column, e.message])).toEqual([
      ['parse', 2, 3, "Formatter 'nosuch' is unknown"],
      ['parse', 3, 1, "Predicate 'nosuch?' is unknown"],
      ['assemble', 4, 1, 'Instruction END not allowed at root'],
      ['assemble', 5, 1, 'Reached EOF in the middle of SECTION'],
    ]);
    expect(formatError(errors[0] as never)).toBe("2:3: Formatter 'nosuch' is unknown");
    expect(execute(source, { title: 'T', open: 1 }).output).toBe('line one\n  {title|nosuch}\n\n\n');
  });

  it('reports expression errors, and when told the partials, warns of missing ones at compile time', () => {
    const source = '{.macro card}x{.end}{@|apply card}\n{@|apply row}{.include footer}\n  {.eval (1 + }';
    const { errors, warnings } = compile(source, { partials: ['footer'] });
    expect(errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '3:3 Error parsing expression "(1 + ": Invalid arguments to operator add',
    ]);
    expect(warnings.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual(["2:1 Partial 'row' is not defined"]);
    expect(compile('{@|apply row}')).toMatchObject({ errors: [], warnings: [] });
  });

  it("renders a theme that names the platform's partials in branches that never run, as the reference does", () => {
    const source =
      'A{.section video}{@|apply sqs-video-background.block}{.end}B\n{.section social}{.include social.block}{.end}C';
    const compiled = compile(source, { partials: ['footer.block'] });
    expect(compiled.errors).toEqual([]);
    expect(compiled.warnings.map((w) => w.message)).toEqual([
      "Partial 'sqs-video-background.block' is not defined",
      "Partial 'social.block' is not defined",
    ]);
    expect(execute(compiled.code, {})).toEqual({ output: 'AB\nC', errors: [] });
    // Reached, it is an error of the render, where it is applied; the rest renders.
    expect(execute(compiled.code, { social: 1 })).toEqual({
      output: 'AB\nC',
      errors: [
        {
          stage: 'execute',
          message: "Attempt to apply partial 'social.block' which could not be found.",
          line: 2,
          column: 18,
        },
      ],
    });
  });

  it('rejects misplaced .or and .alternates with, naming the block', () => {
    const messages = (s: string) => compile(s).errors.map((e) => e.message);
    expect(messages('{.section a}{.alternates with}{.end}')).toEqual([
      'ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    ]);
    expect(messages('{.macro m}{.or}{.end}')).toEqual(['OR_PREDICATE instruction is not allowed inside MACRO block.']);
    expect(messages('{.if a}{.or}{.or}{.end}')).toEqual(['This OR_PREDICATE block will never execute.']);
  });

  it('turns 10,000 nested sections into an error, not a stack overflow', () => {
    const depth = 10_000;
    const source = '{.section a}'.repeat(depth) + 'x' + '{.end}'.repeat(depth);
    const { code, errors } = compile(source);
    expect(errors.map((e) => e.message)).toEqual(['Blocks are nested more than 256 deep']);
    let data: unknown = 'leaf';
    for (let i = 0; i < depth; i++) data = { a: data };
    const result = execute(code, data);
    expect(result.output).toBe('x');
  });
});

describe('execute', () => {
  it('never runs away: a partial that fans out stops at the step limit with an error', () => {
    const source = '{.macro m}{@|apply m}{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}';
    const result = execute(source, 1, { limits: { maxSteps: 20_000 } });
    expect(result.errors.some((e) => e.message === 'The render took more than 20000 steps')).toBe(true);
  });

  it('counts one step per instruction and stops at the limits where it reached them, text beside others included', () => {
    const source = 'a{x}b{.var @v x}c{.if x}d{.end}e';
    const stop = (limits: { maxSteps?: number; maxOutputLength?: number }) => {
      const { output, errors } = execute(source, { x: 'X' }, { limits });
      return [output, ...errors.map((e) => `${e.line}:${e.column}`)];
    };
    // Steps: a, {x}, b, .var, c, .if, d, e; the error is at the last instruction that ran.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((maxSteps) => stop({ maxSteps }))).toEqual([
      ['a', '1:1'],
      ['aX', '1:2'],
      ['aXb', '1:5'],
      ['aXb', '1:6'],
      ['aXbc', '1:17'],
      ['aXbc', '1:18'],
      ['aXbcd', '1:25'],
      ['aXbcde'],
    ]);
    // The text that goes over the limit is printed, and the error is at it.
    expect([0, 2, 4, 5, 6].map((maxOutputLength) => stop({ maxOutputLength }))).toEqual([
      ['a', '1:1'],
      ['aXb', '1:5'],
      ['aXbcd', '1:25'],
      ['aXbcde', '1:32'],
      ['aXbcde'],
    ]);
  });

  it('caps partial nesting at 16', () => {
    const result = execute('{.macro m}x{@|apply m}{.end}{@|apply m}', 1);
    expect(result.output).toBe('x'.repeat(16));
    expect(result.errors[0]?.message).toBe("Applying 'm' would nest partials more than 16 deep");
  });

  it('reports a missing partial where it is applied', () => {
    const result = execute('a\n {@|apply gone}', {});
    expect(result.errors).toEqual([
      {
        stage: 'execute',
        message: "Attempt to apply partial 'gone' which could not be found.",
        line: 2,
        column: 2,
      },
    ]);
  });

  it('compiles each partial once across renders and reports its errors under its name', () => {
    const partials = { card: '{title|nosuch}{.end}' };
    const first = execute('{@|apply card}', { title: 't' }, { partials });
    expect(first.errors.map((e) => `${e.source}:${e.line}:${e.column}`)).toEqual(['card:1:1', 'card:1:15']);
    const again = execute('{@|apply card}', { title: 't' }, { partials });
    expect(again.output).toBe(first.output);
  });

  it('contains a formatter that throws', () => {
    const result = execute('{big|json-pretty}!', { big: JSON.parse('['.repeat(5000) + ']'.repeat(5000)) });
    expect(result.output.endsWith('!')).toBe(true);
  });
});

// Template fragments that combine into the whole syntax, valid and broken.
const fragment = fc.oneof(
  fc.constantFrom(
    '{a}',
    '{a.b}',
    '{@}',
    '{@index}',
    '{a|html}',
    '{a|json-pretty}',
    '{a|truncate 5}',
    '{a, b|format a}',
    '{.section a}',
    '{.section b}',
    '{.repeated section list}',
    '{.alternates with}',
    '{.or}',
    '{.end}',
    '{.if a && b}',
    '{.if a || c}',
    '{.equal? a 1}',
    '{.odd?}',
    '{.or even?}',
    '{.var @x a}',
    '{@x}',
    '{.ctx @c k=a}',
    '{.macro m}',
    '{@|apply m}',
    '{a|apply p}',
    '{.include p output}',
    '{.inject @i i.json}',
    '{.eval @n = 1 + 2; @n * 3}',
    '{.eval (1 +}',
    '{.meta-left}',
    '{.newline}',
    '{# c #}',
    '{## c ##}',
    '{##',
    '{',
    '}',
    '{.',
    '{a|',
    '{.section}',
    '{.nosuch?}',
    '{a|nosuch}',
    '{{a}}',
    'text',
    ' ',
    '\n',
  ),
  fc.string({ maxLength: 8 }),
);

describe('fuzzing the public API', () => {
  it('never throws and always returns a string, for random templates and random JSON', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.jsonValue({ maxDepth: 4 }), (parts, json) => {
        const source = parts.join('');
        const compiled = compile(source);
        expect(Array.isArray(compiled.errors)).toBe(true);
        const result = execute(
          compiled.code,
          { a: json, b: json, list: [json, 1], c: 0 },
          {
            partials: { p: source.slice(0, 50) },
            injects: { 'i.json': '{"x":1}' },
            limits: { maxSteps: 50_000 },
          },
        );
        expect(typeof result.output).toBe('string');
      }),
      { numRuns: 600 },
    );
  });

  it('survives garbage input to execute', () => {
    for (const bad of [null, 42, 'not a tree', [17], [17, 1, 'x', 18], {}]) {
      expect(() => execute(bad as never, {})).not.toThrow();
    }
    expect(() => compile(undefined as never)).not.toThrow();
  });
});

describe('engines with their own plugins', () => {
  it('keep their predicates apart when they share one formatter table', () => {
    const formatters = BUILTIN_PLUGINS.formatters;
    const yes = createEngine({ formatters, predicates: { 'on?': () => true } });
    const no = createEngine({ formatters, predicates: { 'on?': () => false } });
    const { code } = yes.compile('{.on?}on{.or}off{.end}');
    expect(yes.execute(code, {}).output).toBe('on');
    expect(no.execute(code, {}).output).toBe('off');
  });
});
