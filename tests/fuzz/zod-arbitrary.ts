import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from a zod (v4) schema by walking its definition
 * (`schema._zod.def`), in the spirit of `zod-fast-check`: `validFor` draws values the schema
 * should accept (lengths, bounds, enums, formats and patterns followed), `nearValidFor` takes
 * such a value and breaks one thing in it (a key dropped or added, a value of the wrong type, a
 * string far too long, a NUL). Refinements (`.refine`, `.superRefine`) are not read, so a
 * 'valid' value can still be refused: callers count how many the schema really accepts.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  includes?: string;
  prefix?: string;
  suffix?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** Deeper than this, recursive schemas (`z.lazy`) stop at their simplest valid value. */
const MAX_DEPTH = 6;

/**
 * Values for fields whose rule is a refinement the walk cannot read (`.refine`), by field name.
 */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  postcode: fc.constantFrom('SW1A 1AA', 'LS1 4AP', 'M1 1AE', 'EH1 1YZ', 'CF10 1EP', 'BT1 5GS'),
  phone: fc.option(fc.constantFrom('07700 900982', '+44 20 7946 0958', '0113 496 0000'), {
    nil: undefined,
  }),
  url: fc.webUrl({ validSchemes: ['https'] }),
};

export function validFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => validFor(def[key] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(def);
    case 'number':
      return numberFor(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      // What is sent is the pipe's input; when the output side validates too (string → email),
      // a value it accepts usually passes the input side as well.
      return defOf(def.out as z.ZodType).type === 'transform' ? inner('in') : inner('out');
    case 'lazy':
      return depth > MAX_DEPTH
        ? fc.constant(null)
        : validFor((def.getter as () => z.ZodType)(), depth + 1);
    case 'object':
      return objectFor(def, depth);
    case 'array': {
      const checks = checksOf(def);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const exact = checks.find((c) => c.check === 'length_equals')?.length;
      const maxLength = checks.find((c) => c.check === 'max_length')?.maximum ?? minLength + 4;
      return fc.array(inner('element'), {
        minLength: exact ?? minLength,
        maxLength: exact ?? Math.min(maxLength, minLength + 4),
      });
    }
    case 'tuple':
      return fc.tuple(
        ...(def.items as z.ZodType[]).map((item) => validFor(item, depth + 1)),
      ) as fc.Arbitrary<unknown>;
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => validFor(option, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([left, right]) =>
          isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : right,
        );
    case 'record':
      return fc.dictionary(
        validFor(def.keyType as z.ZodType, depth + 1).map(String),
        inner('valueType'),
        { maxKeys: 4 },
      );
    default:
      // any, unknown, custom, transform, file…: nothing to follow.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(def: Def, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, z.ZodType>;
  const entries = Object.entries(shape);
  const optionalTypes = new Set(['optional', 'default', 'prefault']);
  const requiredKeys = entries
    .filter(([, field]) => !optionalTypes.has(defOf(field).type))
    .map(([key]) => key);
  return fc
    .record(
      Object.fromEntries(
        entries.map(([key, field]) => [key, FIELD_HINTS[key] ?? validFor(field, depth + 1)]),
      ),
      { requiredKeys },
    )
    .map((value) =>
      // fc.option's `undefined` means 'left out': JSON drops it anyway; keep the object tidy.
      Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)),
    );
}

function stringFor(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  const maxLength = checks.find((c) => c.check === 'max_length')?.maximum;
  const formats = [def, ...checks].map((c) => c.format).filter(Boolean) as string[];
  const pattern = [def.pattern, ...checks.map((c) => c.pattern)].find(Boolean);
  const shaped = (text: fc.Arbitrary<string>) =>
    text.map((value) => {
      const prefix = checks.find((c) => c.check === 'string_format' && c.prefix)?.prefix ?? '';
      const suffix = checks.find((c) => c.check === 'string_format' && c.suffix)?.suffix ?? '';
      return prefix + value + suffix;
    });
  if (formats.includes('email')) {
    return fc
      .tuple(word(1, 12), word(1, 12), fc.constantFrom('com', 'co.uk', 'org', 'example'))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
  }
  if (formats.includes('uuid') || formats.includes('guid')) return fc.uuid();
  if (formats.includes('url')) return fc.webUrl();
  if (formats.includes('datetime')) {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (formats.includes('date')) {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (pattern) return shaped(fc.stringMatching(pattern));
  const lengths = {
    minLength: exact ?? minLength,
    maxLength: exact ?? Math.min(maxLength ?? minLength + 40, minLength + 40),
  };
  // Mostly readable text, some of it any Unicode: both are valid strings.
  return shaped(
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ ...lengths, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ ...lengths, unit: 'grapheme' }) },
    ),
  );
}

const word = (minLength: number, maxLength: number) =>
  fc.string({
    minLength,
    maxLength,
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  });

function numberFor(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const isInteger = [def.format, ...checks.map((c) => c.format)].some((format) =>
    /int/.test(format ?? ''),
  );
  let min = isInteger ? Number.MIN_SAFE_INTEGER : -1e9;
  let max = isInteger ? Number.MAX_SAFE_INTEGER : 1e9;
  let minExcluded = false;
  let maxExcluded = false;
  for (const check of checks) {
    if (check.check === 'greater_than' && typeof check.value === 'number') {
      min = check.value;
      minExcluded = !check.inclusive;
    }
    if (check.check === 'less_than' && typeof check.value === 'number') {
      max = check.value;
      maxExcluded = !check.inclusive;
    }
  }
  const multipleOf = checks.find((c) => c.check === 'multiple_of')?.value;
  if (isInteger || typeof multipleOf === 'number') {
    const step = typeof multipleOf === 'number' ? multipleOf : 1;
    const low = Math.ceil((minExcluded ? min + step : min) / step);
    const high = Math.floor((maxExcluded ? max - step : max) / step);
    return fc
      .integer({ min: Math.max(low, Number.MIN_SAFE_INTEGER), max: high })
      .map((n) => n * step);
  }
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}

/** A value that is wrong for almost any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, -1, 0, 1e21, -0.5, '', ' ', 'a\u0000b', '\uFFFF', '😀', [], {}),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Paths to every node of a JSON-like value (the root is `[]`). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

/**
 * A valid value with one thing broken: a field (or the whole body) replaced by a wrong value,
 * a field dropped, or an unknown field added.
 */
export function nearValidFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return validFor(schema).chain((value) => {
    const paths = pathsOf(value);
    return fc
      .tuple(
        fc.constantFrom(...paths),
        fc.constantFrom('replace', 'drop', 'add'),
        wrongValue,
        fc.string({ maxLength: 12 }),
      )
      .map(([path, how, wrong, extraKey]) => {
        const copy = structuredClone(value);
        if (path.length === 0) {
          if (how === 'add' && isPlainObject(copy)) return { ...copy, [extraKey]: wrong };
          return how === 'drop' ? undefined : wrong;
        }
        const parent = path
          .slice(0, -1)
          .reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            copy,
          ) as Record<string | number, unknown>;
        const key = path[path.length - 1]!;
        if (how === 'drop' && !Array.isArray(parent)) delete parent[key];
        else if (how === 'add' && isPlainObject(parent[key])) {
          (parent[key] as Record<string, unknown>)[extraKey] = wrong;
        } else parent[key] = wrong;
        return copy;
      });
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
