import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  DEFAULT_EXPRESSION_LIMITS,
  evaluateExpression,
  type ExpressionLimits,
  type ExpressionScope,
} from './expression';

type Path = (string | number)[];

/** A scope over plain data, with `@name` variables kept in a map (as the executor does). */
function dataScope(data: Record<string, unknown>, vars = new Map<string, unknown>()) {
  const lookups: Path[] = [];
  const assignments: [string, unknown][] = [];
  const scope: ExpressionScope = {
    lookup(path) {
      lookups.push([...path]);
      const [first, ...rest] = path;
      let value: unknown = typeof first === 'string' && first.startsWith('@') ? vars.get(first) : step(data, first);
      for (const segment of rest) value = step(value, segment);
      return value;
    },
    assign(name, value) {
      assignments.push([name, value]);
      vars.set(name, value);
    },
  };
  return { scope, vars, lookups, assignments };
}

function step(value: unknown, segment: string | number | undefined): unknown {
  if (typeof value !== 'object' || value === null || segment === undefined) return undefined;
  return Object.hasOwn(value, segment) ? (value as Record<string | number, unknown>)[segment] : undefined;
}

/** Compiles and evaluates `source`; an error from either stage comes back as `error`. */
function run(source: string, data: Record<string, unknown> = {}, limits?: Partial<ExpressionLimits>) {
  const context = dataScope(data);
  const compiled = compileExpression(source, limits);
  if (!compiled.ok) return { ...context, value: undefined, error: compiled.error, stage: 'compile' as const };
  const result = evaluateExpression(compiled.expression, context.scope, limits);
  return { ...context, value: result.value, error: result.error, stage: 'evaluate' as const };
}

/** What the template prints for a value (the reference engine's rules). */
function printed(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The printed value, failing the test on any error. */
function out(source: string, data: Record<string, unknown> = {}): string {
  const result = run(source, data);
  expect(result.error, source).toBeUndefined();
  return printed(result.value);
}

function errorOf(source: string, data: Record<string, unknown> = {}, limits?: Partial<ExpressionLimits>) {
  return run(source, data, limits).error;
}

type Case = [expression: string, expected: string];

function expectCases(cases: Case[], data: Record<string, unknown> = {}): void {
  for (const [expression, expected] of cases) expect(out(expression, data), expression).toBe(expected);
}

describe('public vectors (shared/vectors/template/resources/eval-*.html)', () => {
  it('eval-2: bitwise not, add, subtract, multiply, divide, bitwise and/or/xor', () => {
    expectCases(
      [
        ['~1', '-2'],
        ['~2', '-3'],
        ['1+2', '3'],
        ['1 + 2', '3'],
        ['1 + -3', '-2'],
        ['2 + ~2', '-1'],
        ['1-2', '-1'],
        ['-1 - -4', '3'],
        ['3 + 4 - 5', '2'],
        ['3 * 8', '24'],
        ['3 * 8 / 6', '4'],
        ['3 / 8 * 6', '2.25'],
        ['a.b.c * -2', '-6'],
        ['0x02 | 0x01', '3'],
        ['0x02 & 0x01', '0'],
        ['0x02 & 0x02', '2'],
        ['0x02 & 0x07', '2'],
        ['0x03 & 0x07', '3'],
        ['0x02 ^ 0x01', '3'],
        ['0x02 ^ 0x02', '0'],
        ['0x02 ^ 0x03', '1'],
      ],
      { a: { b: { c: 3 }, d: true } },
    );
  });

  it('eval-3: mixed types and conversions', () => {
    expectCases(
      [
        ['5 + a', '5-6.5'],
        ['a + 5', '-6.55'],
        ['true + 2', '3'],
        ['5 + num(a)', '-1.5'],
      ],
      { a: '-6.5' },
    );
  });

  it('eval-4: exponent, modulus, shifts', () => {
    expectCases([
      ['2 ** 3', '8'],
      ['2 ** (4 ** 3)', '18446744073709552000'],
      ['2 ** 64', '18446744073709552000'],
      ['5 % 3', '2'],
      ['10 % 5', '0'],
      ['5 % -5', '0'],
      ['5 % -4', '1'],
      ['5 % -3', '2'],
      ['5 % -2', '1'],
      ['5 % -1', '0'],
      ['5 % 0', 'NaN'],
      ['5 % 1', '0'],
      ['5 % 2', '1'],
      ['5 % 3', '2'],
      ['5 % 4', '1'],
      ['5 % 5', '0'],
      ['100 << 2', '400'],
      ['100 >> 2', '25'],
    ]);
  });

  it('eval-7: less than', () => {
    expectCases([
      ['1 < 2', 'true'],
      ['2 < 2', 'false'],
      ['3 < 2', 'false'],
      ['0 < "1"', 'true'],
      ['0 < "0x01"', 'true'],
      ['5 < "1"', 'false'],
      ['5 < "0x01"', 'false'],
      ['0 < true', 'true'],
      ['0 < false', 'false'],
      ['"a" < "b"', 'true'],
      ['"a" < "a"', 'false'],
      ['"b" < "a"', 'false'],
    ]);
  });

  it('eval-8: less than or equal', () => {
    expectCases([
      ['1 <= 0', 'false'],
      ['1 <= 1', 'true'],
      ['1 <= 2', 'true'],
      ['0 <= true', 'true'],
      ['0 <= false', 'true'],
      ['"a" <= "b"', 'true'],
      ['"a" <= "a"', 'true'],
      ['"b" <= "a"', 'false'],
    ]);
  });

  it('eval-9 and eval-10: greater than (or equal)', () => {
    expectCases([
      ['1 > 2', 'false'],
      ['2 > 2', 'false'],
      ['3 > 2', 'true'],
      ['1 >= 0', 'true'],
      ['1 >= 1', 'true'],
      ['1 >= 2', 'false'],
    ]);
  });

  it('eval-12: assignments across statements', () => {
    const result = run('@a = 2; @b = 5 * 7.2; @c = @a * @b; @c', { a: { b: true } });
    expect(result.error).toBeUndefined();
    expect(result.value).toBe(72);
    expect(result.assignments).toEqual([
      ['@a', 2],
      ['@b', 36],
      ['@c', 72],
    ]);
  });
});

describe('upstream vectors (eval-1, -5, -6, -11 of the Java engine; eval-1, -13 of the JS engine)', () => {
  it('stack, numbers and strings', () => {
    expectCases([
      ['', ''],
      ['1', '1'],
      ['1 2 3 4 5', '5'],
      ['3, 2, 1', '1'],
      ["'a' 'b' 'c'", 'c'],
      ['true; false; true', 'true'],
      ['0.1', '0.1'],
      ['1.', '1'],
      ['0x111111111111111111111', '1.2895208742556044e+24'],
      ['1e20', '100000000000000000000'],
      ['-2', '-2'],
      ['+5', '5'],
      ['+17; +17', '17'],
      ['0x07a', '122'],
      ["'abc'", 'abc'],
      ["'\\u2018foobar\\u2019'", '‘foobar’'],
      ['"\\u00ce\\u00fe\\u0266\\u00f2\\u00f1\\u00ea"', 'Îþɦòñê'],
    ]);
  });

  it('loose and strict equality', () => {
    expectCases([
      ['1 == 1', 'true'],
      ['1 == 2', 'false'],
      ['1 == NaN', 'false'],
      ['NaN == NaN', 'false'],
      ['true == 1', 'true'],
      ['false == 1', 'false'],
      ['"1" == 1', 'true'],
      ['1 != 1', 'false'],
      ['1 != 2', 'true'],
      ['"1" != 1', 'false'],
      ['1 === 1', 'true'],
      ['1 === 2', 'false'],
      ['1 === NaN', 'false'],
      ['NaN === NaN', 'false'],
      ['true === 1', 'false'],
      ['false === 1', 'false'],
      ['"1" === 1', 'false'],
      ['1 !== 1', 'false'],
      ['1 !== 2', 'true'],
      ['"1" !== 1', 'true'],
    ]);
  });

  it('logical not, and, or', () => {
    expectCases(
      [
        ['!true', 'false'],
        ['!false', 'true'],
        ['!2', 'false'],
        ['!!a.b', 'true'],
        ['!!!!a.b', 'true'],
        ['true && true', 'true'],
        ['true && false', 'false'],
        ['true && (false || true)', 'true'],
        ['1 && 2', 'true'],
        ['0 || 3', 'true'],
        ['null == 0', 'false'],
        ['null == ""', 'false'],
        ['null == 1', 'false'],
      ],
      { a: { b: true } },
    );
  });

  it('assignments with constants', () => {
    const result = run('@a = PI * 100 ; @b = @a ** 2 ; @c = @b / 7');
    expect(result.error).toBeUndefined();
    expect(result.value).toBeUndefined();
    expect(printed(result.vars.get('@a'))).toBe('314.1592653589793');
    expect(printed(result.vars.get('@b'))).toBe('98696.04401089359');
    expect(printed(result.vars.get('@c'))).toBe('14099.434858699084');
  });

  it('no short-circuit: an assignment inside && runs and ends the statement', () => {
    const result = run('@x = 1; 0 && (@x = 2)');
    expect(result.error).toBeUndefined();
    expect(result.value).toBeUndefined();
    expect(result.vars.get('@x')).toBe(2);
  });
});

describe('literals', () => {
  it('reads decimal and hex numbers', () => {
    expect(run('12').value).toBe(12);
    expect(run('7.2').value).toBe(7.2);
    expect(run('5.').value).toBe(5);
    expect(run('5.e3').value).toBe(5000);
    expect(run('1e3').value).toBe(1000);
    expect(run('1.5e-3').value).toBe(0.0015);
    expect(run('1e+20+1e+20').value).toBe(2e20);
    expect(run('1e-20+1e20').value).toBe(1e20);
    expect(run('007').value).toBe(7);
    expect(run('0x1F').value).toBe(31);
    expect(run('0Xcafe').value).toBe(0xcafe);
    expect(run('0x012345678').value).toBe(0x012345678);
    expect(run('0x11111111111111111').value).toBe(1.9676527011956855e19);
  });

  it('rejects malformed numbers with the reference messages', () => {
    expect(errorOf('.5')).toBe('Unexpected character at 0: "."');
    expect(errorOf('0x')).toBe('Expected digits after start of hex number');
    expect(errorOf('0xZZ')).toBe('Expected digits after start of hex number');
    expect(errorOf('1..2')).toBe('Duplicate decimal point in number');
    expect(errorOf('0.0.0.')).toBe('Duplicate decimal point in number');
    expect(errorOf('12e10.1')).toBe('Unexpected decimal point in exponent');
    expect(errorOf('1e.5')).toBe('Unexpected decimal point in exponent');
    for (const source of ['1e', '1ee', '1e-', '1e--1']) {
      expect(errorOf(source), source).toBe('Expected a digit after exponent in decimal number');
    }
  });

  it('reads strings in either quote with escapes', () => {
    expect(run(`'bar'`).value).toBe('bar');
    expect(run(`"it's"`).value).toBe("it's");
    expect(run(String.raw`'a\'b'`).value).toBe("a'b");
    expect(run(String.raw`"\"bar\""`).value).toBe('"bar"');
    expect(run(String.raw`"\\"`).value).toBe('\\');
    expect(run(String.raw`"\a\b\c\n\t\r\f"`).value).toBe('abc\n\t\r\f');
    expect(run(String.raw`"\x20\x7d\x22\x27"`).value).toBe(' }"\'');
    expect(run(String.raw`"\x41\u2018\u01f600"`).value).toBe('A‘Ƕ00');
    expect(run(String.raw`"\U0001f600\U0001f600"`).value).toBe('\u{1f600}\u{1f600}');
    expect(run(`"foo" == '\\u2018bar\\u2019'`).value).toBe(false);
  });

  it('replaces control characters and out-of-range code points with spaces', () => {
    expect(run(String.raw`"\x00\x01\x02\x19\x18"`).value).toBe('     ');
    expect(run(String.raw`"\u0000\u0001\u0018\u0019"`).value).toBe('    ');
    expect(run(String.raw`"\u0003\u000f\u0019"`).value).toBe('   ');
    expect(run(String.raw`"\U00222222"`).value).toBe(' ');
    expect(run(String.raw`"\x09\x0a\x0d"`).value).toBe('\t\n\r');
  });

  it('rejects malformed strings', () => {
    expect(errorOf('"abc')).toBe('Unterminated string');
    expect(errorOf("'")).toBe('Unterminated string');
    expect(errorOf("'\\")).toBe('Unterminated string');
    expect(errorOf('"\\U000000')).toBe('Invalid unicode escape found');
    for (const source of [String.raw`"\x"`, String.raw`"\x1"`, String.raw`"\x1q"`, String.raw`"\x41`]) {
      expect(errorOf(source), source).toBe('Invalid 2-char hex escape found');
    }
    for (const source of [String.raw`"\u"`, String.raw`"\uq"`, String.raw`"\u123"`, String.raw`"\U00123"`]) {
      expect(errorOf(source), source).toBe('Invalid unicode escape found');
    }
    expect(errorOf('"foo \n bar"')).toBe('Illegal bare line feed character in string literal');
    expect(errorOf('"foo \r bar"')).toBe('Illegal bare carriage return character in string literal');
  });

  it('knows the constants; other names are references', () => {
    expect(run('PI').value).toBe(Math.PI);
    expect(run('E').value).toBe(Math.E);
    expect(run('-E').value).toBe(-Math.E);
    expect(run('Infinity').value).toBe(Infinity);
    expect(run('-Infinity').value).toBe(-Infinity);
    expect(run('NaN').value).toBe(NaN);
    expect(run('true').value).toBe(true);
    expect(run('false').value).toBe(false);
    expect(run('null').value).toBe(null);
    const ln2 = run('LN2');
    expect(ln2.value).toBe(null);
    expect(ln2.lookups).toEqual([['LN2']]);
  });
});

describe('references', () => {
  it('splits paths for scope.lookup', () => {
    const { lookups } = run('a.b.c + a.0.b + @x.y + @ + @index + $v + a-b + x.007 + x.99999999999');
    expect(lookups).toEqual([
      ['a', 'b', 'c'],
      ['a', 0, 'b'],
      ['@x', 'y'],
      ['@'],
      ['@index'],
      ['$v'],
      ['a-b'],
      ['x', 7],
      ['x', '99999999999'],
    ]);
  });

  it('reads missing values as null', () => {
    expect(run('missing').value).toBe(null);
    expect(out('str(missing)')).toBe('null');
    expect(out('missing + 1')).toBe('1');
    expect(out('missing + "x"')).toBe('nullx');
  });

  it('reads data values', () => {
    const data = { a: 5, b: -5, c: '12', list: [1, 2, 3], t: true };
    expectCases(
      [
        ['1 + -a', '-4'],
        ['1 + -b', '6'],
        ['1 + +a', '6'],
        ['1 + +b', '-4'],
        ['+a - -a + -a + +a', '10'],
        ['-c + -c', '-24'],
        ['~a', '-6'],
        ['a - 1', '4'],
        ['list.1 + list.0', '3'],
        ['!t', 'false'],
      ],
      data,
    );
  });

  it('rejects objects and arrays', () => {
    const data = { obj: { a: 1 }, arr: [1, 2, 3] };
    const cases = [
      ['obj', 'obj'],
      ['1 + obj', 'obj'],
      ['arr', 'arr'],
      ['num(arr)', 'arr'],
      ['max(1, obj.a, obj)', 'obj'],
      ['@x = arr', 'arr'],
    ];
    for (const [source, name] of cases) {
      expect(errorOf(source as string, data), source).toBe(
        `Unsupported value for ${name}: expressions work only with numbers, strings, booleans and null`,
      );
    }
  });

  it('reports a scope that throws as an error', () => {
    const compiled = compileExpression('a + 1');
    if (!compiled.ok) throw new Error(compiled.error);
    const scope: ExpressionScope = {
      lookup: () => {
        throw new Error('boom');
      },
      assign: () => undefined,
    };
    expect(evaluateExpression(compiled.expression, scope)).toEqual({
      value: undefined,
      error: 'Unexpected error: boom',
    });
  });
});

describe('operators', () => {
  it('follows JavaScript precedence, with unary operators tighter than **', () => {
    expectCases([
      ['(1 + (2 * (7 - (3 / 4))))', '13.5'],
      ['((1 + 2) * 3) ** 2', '81'],
      ['1 + 2 * 3', '7'],
      ['(1 + 2) * 3', '9'],
      ['10 - 4 - 3', '3'],
      ['2 ** 3 ** 2', '512'],
      ['-2 ** 2', '4'],
      ['2 ** -1', '0.5'],
      ['-2 ** -2', '0.25'],
      ['2 ** -2 ** 2', '16'],
      ['!0 ** 2', '1'],
      ['1 - - - 1', '0'],
      ['~ ~ 3', '3'],
      ['1 * + 2', '2'],
      ['1 + 2 << 1', '6'],
      ['1 << 2 < 5', 'true'],
      ['1 < 2 == 2 < 3', 'true'],
      ['1 < 2 < 3', 'true'],
      ['6 & 3 == 3', '0'],
      ['1 | 2 ^ 3 & 4', '3'],
      ['1 | 0 && 0', 'false'],
      ['0 && 0 || 1', 'true'],
      ['1 || 0 && 0', 'true'],
    ]);
  });

  it('adds numbers and concatenates strings as JavaScript does', () => {
    expectCases([
      ['1 + true', '2'],
      ['1 + false', '1'],
      ['1 + null', '1'],
      ['null + 2', '2'],
      ['"foo" + 1', 'foo1'],
      ['"foo" + null', 'foonull'],
      ['"foo" + true', 'footrue'],
      ['"" + false', 'false'],
      ['1 + "foo"', '1foo'],
      ['null + "bar"', 'nullbar'],
      ['"a" + 1e21', 'a1e+21'],
      ['"a" + -0', 'a0'],
    ]);
  });

  it('reads strings strictly in arithmetic', () => {
    expectCases([
      ['"foo" - 1', 'NaN'],
      ['5 * "2"', '10'],
      ['5 * ""', '0'],
      ['"" * 5', '0'],
      ['5 * null', '0'],
      ['5 * true', '5'],
      ['"foo" / 2', 'NaN'],
      ['"foo" ** 3', 'NaN'],
      ['" 5" * 1', 'NaN'],
      ['".5" * 1', 'NaN'],
      ['"0x10" * 1', '16'],
      ['"-0x10" * 1', '-16'],
      ['"1e3" * 1', '1000'],
    ]);
  });

  it('computes modulus, shifts and bitwise operators with JavaScript semantics', () => {
    expectCases([
      ['Infinity % 10', 'NaN'],
      ['10 % Infinity', '10'],
      ['5 % 3.21', '1.79'],
      ['14 >> -1', '0'],
      ['14 >> 1', '7'],
      ['14 << -1', '0'],
      ['14 << 4', '224'],
      ['"foo" >> 4', '0'],
      ['true << 4', '16'],
      ['null << 4', '0'],
      ['1 << 32', '1'],
      ['-1 >> 40', '-1'],
      ['~"0x10"', '-17'],
    ]);
  });

  it('compares with JavaScript conversions', () => {
    expectCases([
      ['0 < "foo"', 'false'],
      ['0 < "1foo"', 'false'],
      ['" 5" < 6', 'true'],
      ['null < 1', 'true'],
      ['NaN <= NaN', 'false'],
      ['NaN >= 1', 'false'],
      ['"10" < "9"', 'true'],
      ['"10" < 9', 'false'],
      ['"B" < "a"', 'true'],
    ]);
  });

  it('uses JavaScript loose equality', () => {
    expectCases([
      ['null == null', 'true'],
      ['null == false', 'false'],
      ['"" == 0', 'true'],
      ['"0x10" == 16', 'true'],
      ['"true" == true', 'false'],
      ['"1" == true', 'true'],
      ['"a" == "a"', 'true'],
      ['false == true', 'false'],
      ['null || 1', 'true'],
      ['null == false || null != true', 'true'],
    ]);
  });

  it('makes && and || return booleans', () => {
    expectCases([
      ['true || false', 'true'],
      ['false || false', 'false'],
      ['"foo" || "bar"', 'true'],
      ['0 || "bar"', 'true'],
      ['0 || ""', 'false'],
      ['1 && 1', 'true'],
      ['1 && 0', 'false'],
      ['true && "foo"', 'true'],
      ['true && ""', 'false'],
      ['NaN || 0', 'false'],
    ]);
  });

  it('groups with parentheses; a comma sequence yields its last value', () => {
    expectCases([
      ['(1, 2)', '2'],
      ['(1, 2) + 1', '3'],
      ['1, 2, 3', '3'],
      ['1 -2', '-1'],
      ['max(1, 2) 123', '123'],
      ['max(2) 1', '1'],
      ['(1)(2)', '2'],
      ['PI(2)', '2'],
    ]);
  });

  it('rejects operators without operands', () => {
    expect(errorOf('1 +')).toBe('Invalid arguments to operator add');
    expect(errorOf('1 + * 2')).toBe('Invalid arguments to operator add');
    expect(errorOf('* 2')).toBe('Invalid arguments to operator multiply');
    expect(errorOf('* = /')).toBe('Invalid arguments to operator multiply');
    expect(errorOf('1 >>> 2')).toBe('Invalid arguments to operator right shift');
    expect(errorOf('-')).toBe('Invalid arguments to operator unary minus');
    expect(errorOf('+ -')).toBe('Invalid arguments to operator unary minus');
    expect(errorOf('! ~')).toBe('Invalid arguments to operator bitwise not');
    expect(errorOf('1 + ()')).toBe('Empty parentheses');
    expect(errorOf('2 **')).toBe('Invalid arguments to operator exponent');
    expect(errorOf('@a =')).toBe('Invalid arguments to operator assign');
    expect(errorOf('1 == ;')).toBe('Invalid arguments to operator equality');
  });

  it('rejects unknown characters', () => {
    expect(errorOf('1 ? 2 : 3')).toBe('Unexpected character at 2: "?"');
    expect(errorOf('6 + #')).toBe('Unexpected character at 4: "#"');
    expect(errorOf('m#n(1, 2)')).toBe('Unexpected character at 1: "#"');
    expect(errorOf('a.b.')).toBe('Unexpected character at 3: "."');
    expect(errorOf('foo \x00')).toBe('Unexpected control character at 4: "\\u0000"');
    expect(errorOf('foo \x18')).toBe('Unexpected control character at 4: "\\u0018"');
    expect(errorOf('1 \f 2')).toBe('Unexpected form feed at 2: "\\f"');
    expect(out('1 +\u00a0\t\r\n2')).toBe('3');
  });

  it('matches parentheses', () => {
    for (const source of ['@foo = (1 + 2', '(1 + 2', '((1 + 2)', '(1; 2)', 'max(1; 2)', 'max(1']) {
      expect(errorOf(source), source).toBe('Mismatched operator found: left paren');
    }
    for (const source of ['1 + 2)', '(1 + 2))', '1 )']) {
      expect(errorOf(source), source).toBe('Mismatched operator found: right paren');
    }
    expect(errorOf('()')).toBe('Empty parentheses');
  });
});

describe('functions', () => {
  it('max and min take any number of arguments', () => {
    expectCases([
      ['max(1, 2, 3)', '3'],
      [' max ( 1 , 2 ) ', '2'],
      ['min(1, "0")', '0'],
      ['min("foo")', 'NaN'],
      ['min("foo", 5, -5)', '-5'],
      ['min(5, -3, 10, -100, 17, 1000)', '-100'],
      ['max("foo", 5, -5)', '5'],
      ['max(true, "0x10", null)', '16'],
      ['max(1 2)', '2'],
      ['max(1,,2)', '2'],
      ['max(1,)', '1'],
    ]);
  });

  it('abs, num, str and bool use their first argument', () => {
    const data = {
      a: { b: 3.75, c: '3.1415', flag: true, nil: null, s: 'foo' },
      n0: '-0x1234',
      n1: '-1.2e21',
      n2: '--1.2',
      n3: '--0x1234',
    };
    expectCases(
      [
        ['abs(-3)', '3'],
        ['abs(-5, -10, -20, -30)', '5'],
        ['abs("foo")', 'NaN'],
        ['abs("-12")', '12'],
        ['str("")', ''],
        ['str("foobar")', 'foobar'],
        ['str(zzz)', 'null'],
        ['str(a.b)', '3.75'],
        ['str(true)', 'true'],
        ['str(null)', 'null'],
        ['str(a.flag)', 'true'],
        ['str(a.nil)', 'null'],
        ['str(a.s)', 'foo'],
        ['str(-Infinity)', '-Infinity'],
        ['str(NaN)', 'NaN'],
        ['str(12e20)', '1.2e+21'],
        ['str(1.5)', '1.5'],
        ['str(1, 2)', '1'],
        ['str(1e-7)', '1e-7'],
        ['num(zzz)', '0'],
        ['num(a.c)', '3.1415'],
        ['num("0x10")', '16'],
        ['num("0xcafe")', String(0xcafe)],
        ['num("0Xcafe")', String(0xcafe)],
        ['num("000123")', '123'],
        ['num("0x")', 'NaN'],
        ['num("0xfoo")', 'NaN'],
        ['num("123foo")', 'NaN'],
        ['num("abc")', 'NaN'],
        ['num("-123")', '-123'],
        ['num("-")', 'NaN'],
        ['num("--123")', 'NaN'],
        ['num("5.")', '5'],
        ['num(".5")', 'NaN'],
        ['num(" 5")', 'NaN'],
        ['num("+0x10")', '16'],
        ['num(n0)', String(-0x1234)],
        ['num(n1)', '-1.2e+21'],
        ['num(n2)', 'NaN'],
        ['num(n3)', 'NaN'],
        ['num(true)', '1'],
        ['num(null)', '0'],
        ['bool("")', 'false'],
        ['bool("0")', 'true'],
        ['bool(zzz)', 'false'],
        ['bool(a.b)', 'true'],
        ['bool("foo")', 'true'],
        ['bool(NaN)', 'false'],
        ['str(num(bool(true)))', '1'],
      ],
      data,
    );
  });

  it('rejects unknown functions and missing arguments', () => {
    expect(errorOf('foo(1)')).toBe('Invalid function foo');
    expect(errorOf('1 + a (1, 2)')).toBe('Invalid function a');
    expect(errorOf('constructor(1)')).toBe('Invalid function constructor');
    expect(errorOf('@x(1)')).toBe('Invalid function @x');
    for (const name of ['max', 'min', 'abs', 'num', 'str', 'bool']) {
      expect(errorOf(`${name}()`), name).toBe(`Error calling function ${name}: it needs an argument`);
    }
    expect(errorOf('min  (  )  ')).toBe('Error calling function min: it needs an argument');
    expect(errorOf('max(,)')).toBe('Error calling function max: it needs an argument');
  });

  it('treats a dotted name before parentheses as a reference', () => {
    expect(out('a.b (2)', { a: { b: 1 } })).toBe('2');
  });
});

describe('statements and assignment', () => {
  it('returns the value of the last statement', () => {
    expectCases([
      ['7+8;4', '4'],
      ['1; 2; 3', '3'],
      ['1;', '1'],
      [';1', '1'],
      ['1;;2', '2'],
      [';', ''],
      ['   ', ''],
    ]);
    expect(run('').value).toBeUndefined();
  });

  it('assigns @variables; an assignment outputs nothing', () => {
    const result = run('@a = 8; @b = 4 / @a; @c = 3 * @b; @c');
    expect(result.value).toBe(1.5);
    expect([...result.vars]).toEqual([
      ['@a', 8],
      ['@b', 0.5],
      ['@c', 1.5],
    ]);
    expect(run('@a = 3').value).toBeUndefined();
    expect(run('@a = 3; 4; @a = 5').value).toBeUndefined();
    expect(run('@a = missing').assignments).toEqual([['@a', null]]);
    expect(run('@a = 1 || 0').assignments).toEqual([['@a', true]]);
    expect(run('(@a) = 4; @a').value).toBe(4);
    expect(run('@index = 4').assignments).toEqual([['@index', 4]]);
  });

  it('ends the statement at an assignment', () => {
    const chain = run('@a = @b = 3; @a');
    expect(chain.assignments).toEqual([['@b', 3]]);
    expect(chain.value).toBe(null);
    const inside = run('(@a = 2) + 1; @a');
    expect(inside.assignments).toEqual([['@a', 2]]);
    expect(inside.value).toBe(2);
    expect(run('max(@a = 1, 5)').value).toBeUndefined();
    expect(run('@a = 1, 2').value).toBeUndefined();
    expect(run('2, @a = 1').value).toBeUndefined();
  });

  it('ignores assignments to anything but a single @name, and rejects non-references', () => {
    for (const source of ['a = 1', 'a.b.c = 1', '@a.b = 1', '@ = 1']) {
      const result = run(source);
      expect(result.error, source).toBeUndefined();
      expect(result.value, source).toBeUndefined();
      expect(result.assignments, source).toEqual([]);
      expect(result.lookups, source).toEqual([]);
    }
    for (const source of ['1 = 1', '(1 + 2) = 3', '-@a = 1', 'max(1) = 2', '(@a = 1) = 2']) {
      expect(errorOf(source), source).toBe('Invalid assignment target');
    }
  });

  it('stops at the first error', () => {
    const result = run('@q = 1; 1 + obj; @r = 2', { obj: {} });
    expect(result.error).toMatch(/^Unsupported value for obj/);
    expect(result.value).toBeUndefined();
    expect(result.assignments).toEqual([['@q', 1]]);
  });

  it('reuses a compiled expression across scopes', () => {
    const compiled = compileExpression('@n = a * 2; @n + 1');
    if (!compiled.ok) throw new Error(compiled.error);
    for (const a of [1, 2, 3]) {
      const { scope, vars } = dataScope({ a });
      expect(evaluateExpression(compiled.expression, scope)).toEqual({ value: a * 2 + 1 });
      expect(vars.get('@n')).toBe(a * 2);
    }
  });
});

describe('limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_EXPRESSION_LIMITS).toEqual({ maxTokens: 500, maxStringLength: 10_000 });
  });

  it('limits the number of tokens', () => {
    const limits = { maxTokens: 10 };
    expect(run('1 + 3 + 5 + 7 + 9', {}, limits).value).toBe(25);
    expect(errorOf('1 + 3 + 5 + 7 + 9 + 11', {}, limits)).toBe(
      'Expression exceeds the maximum number of allowed tokens: 10',
    );
    expect(errorOf('1' + ' + 1'.repeat(250))).toBe('Expression exceeds the maximum number of allowed tokens: 500');
    expect(out('1' + ' + 1'.repeat(249))).toBe('250');
    expect(run('1' + ' + 1'.repeat(1000), {}, { maxTokens: 0 }).value).toBe(1001);
  });

  it('limits concatenated strings', () => {
    const limits = { maxStringLength: 10 };
    const data = { foo: '123456789' };
    expect(run('foo + "a"', data, limits).value).toBe('123456789a');
    expect(errorOf('foo + "ab"', data, limits)).toBe('Concatenation would exceed maximum string length 10');
    expect(errorOf('@s = "xxxxxxxxxx"' + '; @s = @s + @s'.repeat(20))).toBe(
      'Concatenation would exceed maximum string length 10000',
    );
  });

  it('takes the string limit from compilation unless evaluation overrides it', () => {
    const compiled = compileExpression('"abc" + "def"', { maxStringLength: 5 });
    if (!compiled.ok) throw new Error(compiled.error);
    const { scope } = dataScope({});
    expect(evaluateExpression(compiled.expression, scope).error).toBe(
      'Concatenation would exceed maximum string length 5',
    );
    expect(evaluateExpression(compiled.expression, scope, { maxStringLength: 6 })).toEqual({ value: 'abcdef' });
  });

  it('limits parenthesis nesting to 200 levels', () => {
    expect(out('('.repeat(200) + '1' + ')'.repeat(200))).toBe('1');
    expect(out('abs('.repeat(100) + '(-1)' + ')'.repeat(100))).toBe('1');
    const tooDeep = 'Expression nests parentheses deeper than 200 levels';
    expect(errorOf('('.repeat(201) + '1' + ')'.repeat(201))).toBe(tooDeep);
    expect(errorOf('('.repeat(100_000), {}, { maxTokens: 0 })).toBe(tooDeep);
    expect(errorOf('max('.repeat(201) + '1' + ')'.repeat(201), {}, { maxTokens: 0 })).toBe(tooDeep);
  });

  it('handles long operator chains without deep recursion', () => {
    const unlimited = { maxTokens: 0 };
    expect(run('-'.repeat(100_001) + '1', {}, unlimited).value).toBe(-1);
    expect(run('!'.repeat(100_000) + '1', {}, unlimited).value).toBe(true);
    expect(run('1' + ' ** 1'.repeat(100_000), {}, unlimited).value).toBe(1);
    expect(run('1' + ' - 1'.repeat(100_000), {}, unlimited).value).toBe(-99_999);
    expect(run('@a = '.repeat(50_000) + '1', {}, unlimited).assignments).toEqual([['@a', 1]]);
    expect(run('1, '.repeat(50_000) + '2', {}, unlimited).value).toBe(2);
  });
});

describe('robustness', () => {
  /** Lookups answer with anything, including values expressions do not support. */
  const hostileScope = (answers: unknown[]): ExpressionScope => {
    let i = 0;
    return {
      lookup: () => answers[i++ % Math.max(answers.length, 1)],
      assign: () => undefined,
    };
  };
  const answer = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(undefined, NaN, -0, Infinity, 10n, Symbol('s'), () => 1),
  );

  function expectNoThrow(source: string, answers: unknown[], limits?: Partial<ExpressionLimits>): void {
    const compiled = compileExpression(source, limits);
    if (!compiled.ok) {
      expect(typeof compiled.error).toBe('string');
      return;
    }
    const result = evaluateExpression(compiled.expression, hostileScope(answers), limits);
    if (result.error !== undefined) expect(result.value).toBeUndefined();
    else
      expect(['number', 'string', 'boolean', 'undefined'].includes(typeof result.value) || result.value === null).toBe(
        true,
      );
  }

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), fc.array(answer), (source, answers) =>
        expectNoThrow(source, answers),
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on random token soup, and stays fast', () => {
    const token = fc.constantFrom(
      ...['1', '0', '2.5', '1e3', '0x1F', '0x', '"s"', "'t'", '"\\u2018"', '"', 'a', 'a.b', 'a.0', '@x', '@', '$y'],
      ...['PI', 'NaN', 'true', 'null', 'max', 'min', 'abs', 'num', 'str', 'bool', 'foo', '(', ')', ',', ';', '='],
      ...['+', '-', '*', '/', '%', '**', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '===', '!==', '&', '^'],
      ...['|', '&&', '||', '!', '~', '.', '?', '#', ' '],
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 80 }),
        fc.constantFrom(' ', ''),
        fc.array(answer),
        fc.constantFrom(undefined, { maxTokens: 20, maxStringLength: 5 }, { maxTokens: 0, maxStringLength: 0 }),
        (tokens, joiner, answers, limits) => {
          const started = performance.now();
          expectNoThrow(tokens.join(joiner), answers, limits);
          expect(performance.now() - started).toBeLessThan(1000);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('evaluates a worst-case expression within the token limit quickly', () => {
    const source = '@s = "' + 'x'.repeat(5000) + '"; ' + Array.from({ length: 60 }, () => 'str(@s + @s)').join('; ');
    const started = performance.now();
    expect(run(source).error).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects an invalid compiled expression instead of throwing', () => {
    const bogus = { source: 'x' } as unknown as Parameters<typeof evaluateExpression>[0];
    const result = evaluateExpression(bogus, hostileScope([]));
    expect(result.value).toBeUndefined();
    expect(result.error).toMatch(/^Unexpected error: /);
  });
});

describe('differential against the reference engine', () => {
  interface ReferenceCompiler {
    parse(source: string): { code: unknown; errors: unknown[] };
    execute(props: { code: unknown; json: unknown; enableExpr: boolean }): {
      ctx: { render(): string };
      errors: unknown[];
    };
  }
  const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
    Compiler: new () => ReferenceCompiler;
  };

  const data = { n: 5, f: -3.5, s: '12', h: '0x1f', w: 'abc', e: '', t: true, z: 0, nil: null };

  function reference(expression: string): { text: string; errors: number } {
    const compiler = new Compiler();
    const parsed = compiler.parse(`{.eval ${expression}}`);
    const { ctx, errors } = compiler.execute({ code: parsed.code, json: data, enableExpr: true });
    return { text: ctx.render(), errors: parsed.errors.length + errors.length };
  }

  interface Generated {
    text: string;
    /** A bare reference, possibly parenthesized. */
    isReference: boolean;
  }
  const plain = (text: string): Generated => ({ text, isReference: false });

  const number = fc.oneof(
    fc.nat(1000).map(String),
    fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
    fc.nat(99).map((a) => `${a}.`),
    fc.tuple(fc.nat(20), fc.constantFrom('e', 'E', 'e+', 'e-'), fc.nat(25)).map(([a, e, k]) => `${a}${e}${k}`),
    fc.nat(0xffff).map((n) => `0x${n.toString(16)}`),
    fc.constantFrom('PI', 'E', 'Infinity', 'NaN', 'true', 'false', 'null'),
  );
  // No raw quotes, braces (which would end the template instruction) or line breaks.
  const stringPiece = fc.constantFrom(
    ...['a', 'Z', '0', '1', '9', ' ', '-', '+', '.', 'x', 'e', 'é'],
    ...['\\n', '\\t', '\\\\', "\\'", '\\"', '\\x41', '\\x01', '\\u2018', '\\u00e9', '\\U0001f600', '\\q'],
  );
  const string = fc.oneof(
    fc.tuple(fc.constantFrom('"', "'"), fc.array(stringPiece, { maxLength: 6 })).map(([q, p]) => q + p.join('') + q),
    fc.constantFrom('"12"', '"0x10"', '"-6.5"', '""', '" 5"', '"1e3"', '".5"', '"5."', '"abc"', "'-0x1F'"),
  );
  const referenceLeaf = fc
    .constantFrom('n', 'f', 's', 'h', 'w', 'e', 't', 'z', 'nil', 'missing', 'a-b', '@v', '@w')
    .map((text): Generated => ({ text, isReference: true }));
  const leaf = fc.oneof(number.map(plain), string.map(plain), referenceLeaf);

  const binaryOperators = [
    ...['**', '*', '/', '%', '+', '-', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '===', '!=='],
    ...['&', '^', '|', '&&', '||'],
  ];
  const { expression } = fc.letrec<{ expression: Generated; unary: Generated; binary: Generated; call: Generated }>(
    (tie) => ({
      expression: fc.oneof(
        { maxDepth: 4, depthIdentifier: 'expression' },
        leaf,
        tie('unary'),
        tie('binary'),
        tie('call'),
        tie('expression').map((e) => ({ text: `(${e.text})`, isReference: e.isReference })),
      ),
      unary: fc.tuple(fc.constantFrom('-', '+', '!', '~'), tie('expression')).map(([op, e]) =>
        // The reference applies `~` to a variable's name instead of its value (`~a` is always -1),
        // so `~` gets a computed operand here.
        plain(op !== '~' ? `${op}${e.text}` : e.isReference ? `~+${e.text}` : `~(${e.text})`),
      ),
      binary: fc
        .tuple(tie('expression'), fc.constantFrom(...binaryOperators), tie('expression'))
        .map(([a, op, b]) => plain(`${a.text} ${op} ${b.text}`)),
      call: fc
        .tuple(
          fc.constantFrom('max', 'min', 'abs', 'num', 'str', 'bool'),
          fc.array(tie('expression'), { minLength: 1, maxLength: 3 }),
        )
        .map(([name, args]) => plain(`${name}(${args.map((a) => a.text).join(', ')})`)),
    }),
  );
  const program = fc.oneof(
    { weight: 3, arbitrary: expression.map((e) => e.text) },
    fc.tuple(expression, expression).map(([a, b]) => `@v = ${a.text}; ${b.text}`),
    fc.tuple(expression, expression, expression).map(([a, b, c]) => `@v = ${a.text}; @w = ${b.text}; ${c.text}`),
  );

  it('prints what the reference prints for random well-formed expressions', () => {
    fc.assert(
      fc.property(program, (source) => {
        const mine = run(source, data);
        const theirs = reference(source);
        expect(mine.error, source).toBeUndefined();
        expect(theirs.errors, source).toBe(0);
        expect(printed(mine.value), source).toBe(theirs.text);
      }),
      // EXPRESSION_DIFF_RUNS=20000 runs a longer search.
      { numRuns: Number(process.env.EXPRESSION_DIFF_RUNS ?? 300) },
    );
  }, 600_000);

  it('agrees on the reference quirks we keep, and documents where we differ', () => {
    const agree = ['1 2 3', 'max(1 2)', '(1)(2)', '@a = @b = 3; @a', '0 && (@x = 2)', 'a = 1', 'x-1', '1 ! 2'];
    for (const source of agree) expect(printed(run(source, data).value), source).toBe(reference(source).text);
    // Deliberate differences (see the module comment and the report):
    // `~` on a reference: the reference computes ~NaN (-1) from the unresolved name.
    expect(reference('~n').text).toBe('-1');
    expect(out('~n', data)).toBe('-6');
    // A parenthesized sequence inside an argument list: the reference flattens it into the arguments.
    expect(reference('min((1, 5), 3)').text).toBe('1');
    expect(out('min((1, 5), 3)')).toBe('3');
    // Malformed input is an error here; the reference prints whatever its stack holds.
    expect(reference('1 !').text).toBe('false');
    expect(errorOf('1 !')).toBe('Invalid arguments to operator logical not');
    expect(reference('1 + 2 3').text).toBe('5');
    expect(out('1 + 2 3')).toBe('3');
    // Inherited object properties are not functions here.
    expect(reference('constructor(1)').text).toBe('1');
  });
});
