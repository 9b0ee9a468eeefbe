/**
 * What the contracts accept at their edges, read from the zod schemas themselves: the
 * bounds JSON Schema carries (length, minimum, maximum) come with the OpenAPI document, but
 * a date's range is a refinement (`ZLeaveDate`: 2000–2100) that only the schema knows, so
 * it is found by asking the schema (safeParse) where acceptance starts and ends.
 */
import * as contracts from '@portal/contracts';

/** The JSON Schema of one field, as the OpenAPI document gives it. */
export interface FieldSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
}

interface ZodLike {
  safeParse(v: unknown): { success: boolean };
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isZod = (v: unknown): v is ZodLike =>
  typeof v === 'object' && v !== null && '_zod' in v && typeof (v as ZodLike).safeParse === 'function';

let fieldIndex: Map<string, ZodLike[]> | undefined;

/** Every field of every object schema the contracts export (nested ones too), by name. */
export function contractFields(): Map<string, ZodLike[]> {
  if (fieldIndex) return fieldIndex;
  const index = new Map<string, ZodLike[]>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown) => {
    if (!isZod(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def;
    if (def.type === 'object') {
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        if (!isZod(field)) continue;
        const list = index.get(name) ?? [];
        if (!list.includes(field)) list.push(field);
        index.set(name, list);
        walk(field);
      }
      return;
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType']) walk(def[key]);
    if (Array.isArray(def.options)) def.options.forEach(walk);
  };
  for (const value of Object.values(contracts)) walk(value);
  fieldIndex = index;
  return index;
}

/** Whether the field holds a calendar date (`YYYY-MM-DD`) or an instant (ISO date-time). */
export function dateKind(schema: FieldSchema): 'date' | 'date-time' | null {
  if ([schema.type].flat()[0] !== 'string') return null;
  if (schema.format === 'date-time') return 'date-time';
  if (schema.format === 'date') return 'date';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    if (pattern.test('2026-01-31') && !pattern.test('2026-01')) return 'date';
  }
  return null;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.parse('0001-01-01T00:00:00Z') / DAY_MS;
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z') / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The ways a value of the kind is written, first the plainest (start of day, end of day). */
function forms(kind: 'date' | 'date-time', day: string, end: boolean): string[] {
  if (kind === 'date') return [day];
  const time = end ? ['23:59:59.999', '23:59:59'] : ['00:00:00.000', '00:00:00'];
  return time.flatMap((t) => [`${day}T${t}Z`, `${day}T${t}+00:00`]);
}

export interface DateRange {
  /** The earliest and latest values accepted, written as the field takes them. */
  earliest: string;
  latest: string;
}

/**
 * The accepted range of a date field, found by bisection from a day it accepts (today, or
 * 2000, 2100, 1970) towards years 1 and 9999: the range a refinement allows, or the whole
 * of the written form's when nothing narrows it. Null if it accepts none of those days.
 */
export function acceptedRange(kind: 'date' | 'date-time', accepts: (v: string) => boolean): DateRange | null {
  const written = (day: number, end: boolean) => forms(kind, isoDay(day), end).find(accepts);
  const today = Math.floor(Date.now() / DAY_MS);
  const anchor = [today, 10957, 47846, 0].find((d) => written(d, false) !== undefined);
  if (anchor === undefined) return null;
  const edge = (limit: number, end: boolean) => {
    if (written(limit, end) !== undefined) return limit;
    let inside = anchor;
    let outside = limit;
    while (Math.abs(outside - inside) > 1) {
      const mid = Math.trunc((inside + outside) / 2);
      if (written(mid, end) !== undefined) inside = mid;
      else outside = mid;
    }
    return inside;
  };
  return { earliest: written(edge(FIRST_DAY, false), false)!, latest: written(edge(LAST_DAY, true), true)! };
}

/**
 * The date ranges a field named `name` may have: one per distinct range among the
 * contracts' fields of that name that take dates of this kind (the document cannot say
 * which of them a route uses; every one of them is tried), else the written form's own.
 */
export function dateRanges(name: string, schema: FieldSchema): DateRange[] {
  const kind = dateKind(schema);
  if (!kind) return [];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  const ranges = (contractFields().get(name) ?? [])
    .map((z) => acceptedRange(kind, (v) => z.safeParse(v).success))
    .filter((r): r is DateRange => r !== null);
  if (!ranges.length) {
    const own = acceptedRange(kind, (v) => pattern?.test(v) ?? !Number.isNaN(Date.parse(v)));
    if (own) ranges.push(own);
  }
  return ranges.filter((r, i) => ranges.findIndex((x) => x.earliest === r.earliest && x.latest === r.latest) === i);
}
