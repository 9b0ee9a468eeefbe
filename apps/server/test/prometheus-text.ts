/**
 * A strict parser of Prometheus's text exposition format (0.0.4), for tests: it throws on
 * anything a Prometheus server would refuse (bad names, bad escapes, samples without a
 * TYPE, a metric family split in two, repeated series, histograms whose buckets are not
 * cumulative or whose +Inf bucket is not the count).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: number): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: bad value ${text}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from position `i` of `s`: the labels and the position after `}`. */
function parseLabels(s: string, i: number, line: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  i++; // '{'
  for (;;) {
    if (s[i] === '}') return [labels, i + 1];
    const eq = s.indexOf('=', i);
    if (eq < 0) throw new Error(`line ${line}: label without '='`);
    const name = s.slice(i, eq).trim();
    if (!LABEL.test(name)) throw new Error(`line ${line}: bad label name ${name}`);
    if (name in labels) throw new Error(`line ${line}: label ${name} twice`);
    i = eq + 1;
    if (s[i] !== '"') throw new Error(`line ${line}: label value not quoted`);
    i++;
    let value = '';
    for (;;) {
      const c = s[i];
      if (c === undefined) throw new Error(`line ${line}: unterminated label value`);
      if (c === '"') break;
      if (c === '\\') {
        const e = s[i + 1];
        if (e === 'n') value += '\n';
        else if (e === '\\' || e === '"') value += e;
        else throw new Error(`line ${line}: bad escape \\${e}`);
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    labels[name] = value;
    i++; // closing quote
    if (s[i] === ',') i++;
    else if (s[i] !== '}') throw new Error(`line ${line}: expected ',' or '}' after a label`);
  }
}

/** The family a sample name belongs to, given the families declared so far. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const f = families.get(name.slice(0, -suffix.length));
    if (f && (f.type === 'histogram' || (f.type === 'summary' && suffix !== '_bucket'))) return f;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  const seen = new Set<string>();
  let current: Family | undefined;
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a newline');
  lines.forEach((raw, idx) => {
    const line = idx + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
      if (!m) return; // a plain comment
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name ${name}`);
      if (closed.has(name)) throw new Error(`line ${line}: family ${name} split in two`);
      let f = families.get(name);
      if (!f) {
        if (current) closed.add(current.name);
        f = { name, type: 'untyped', help: '', samples: [] };
        families.set(name, f);
        current = f;
      }
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`line ${line}: bad type ${rest}`);
        if (f.samples.length) throw new Error(`line ${line}: TYPE after samples of ${name}`);
        f.type = rest as Family['type'];
      } else f.help = rest;
      return;
    }
    const nameEnd = raw.search(/[{ ]/);
    if (nameEnd < 0) throw new Error(`line ${line}: no value`);
    const name = raw.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name ${name}`);
    let labels: Record<string, string> = {};
    let i = nameEnd;
    if (raw[i] === '{') [labels, i] = parseLabels(raw, i, line);
    const parts = raw.slice(i).trim().split(/\s+/);
    if (parts.length < 1 || parts.length > 2 || parts[0] === '') throw new Error(`line ${line}: bad sample`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`line ${line}: bad timestamp`);
    const value = parseValue(parts[0]!, line);
    const f = familyOf(name, families);
    if (!f) throw new Error(`line ${line}: sample ${name} without a TYPE`);
    if (f !== current) throw new Error(`line ${line}: sample ${name} outside its family's block`);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`line ${line}: series ${key} twice`);
    seen.add(key);
    if (f.type === 'histogram' && name.endsWith('_bucket') && !('le' in labels)) {
      throw new Error(`line ${line}: bucket without le`);
    }
    f.samples.push({ name, labels, value });
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? series.set(key, { buckets: [] }).get(key)!;
    if (s.name.endsWith('_bucket')) entry.buckets.push([parseValue(le!, 0), s.value]);
    else if (s.name.endsWith('_count')) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < buckets.length; i++) {
      if (buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${f.name}${key}: buckets not cumulative`);
    }
    const inf = buckets.at(-1);
    if (!inf || inf[0] !== Infinity) throw new Error(`${f.name}${key}: no +Inf bucket`);
    if (inf[1] !== count) throw new Error(`${f.name}${key}: +Inf bucket ${inf[1]} is not the count ${count}`);
  }
}

/** The value of one series (0 when it is absent: a counter never touched). */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name !== name) continue;
      if (Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
    }
  }
  return 0;
}
