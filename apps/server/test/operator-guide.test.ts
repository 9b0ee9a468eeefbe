import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Histogram } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/lib/config.js';
import { registry } from '../src/lib/metrics.js';

// The operator's guide (docs/ops/) is copied onto servers as it stands: its systemd units,
// its settings file and its alert rules must name only what systemd, the server and its
// metrics really have.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPS = path.join(ROOT, 'docs/ops');
const read = (file: string) => fs.readFileSync(path.join(OPS, file), 'utf8');
const UNITS = ['staff-portal.service', 'staff-portal-worker.service'];

/** A unit file as sections of [key, value] pairs, in order (keys may repeat). */
function parseUnit(text: string): Map<string, [string, string][]> {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] | undefined;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      sections.set(section[1]!, (current = []));
      continue;
    }
    const pair = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`line ${i + 1} is neither a section nor Key=value: ${raw}`);
    current.push([pair[1]!, pair[2]!]);
  }
  return sections;
}

const values = (unit: Map<string, [string, string][]>, section: string, key: string) =>
  (unit.get(section) ?? []).filter(([k]) => k === key).map(([, v]) => v);

/**
 * The directives these units may use (systemd.unit, systemd.service, systemd.exec,
 * systemd.kill): checked here as well as by systemd-analyze (installed by .ci/run, as promtool is), a guard against the typos
 * it only warns about (an unknown key is ignored, so a misspelt hardening option is silently off).
 */
const KNOWN: Record<string, string[]> = {
  Unit: ['Description', 'Documentation', 'After', 'Before', 'Wants', 'Requires', 'BindsTo', 'PartOf', 'Conflicts'],
  Service: [
    'Type', 'User', 'Group', 'WorkingDirectory', 'EnvironmentFile', 'Environment', 'ExecStart', 'ExecStartPre',
    'ExecReload', 'KillSignal', 'KillMode', 'TimeoutStartSec', 'TimeoutStopSec', 'Restart', 'RestartSec',
    'StateDirectory', 'StateDirectoryMode', 'ReadWritePaths', 'ReadOnlyPaths', 'UMask', 'NoNewPrivileges',
    'ProtectSystem', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'ProtectKernelTunables', 'ProtectKernelModules',
    'ProtectKernelLogs', 'ProtectControlGroups', 'ProtectClock', 'ProtectHostname', 'ProtectProc', 'RestrictNamespaces',
    'RestrictRealtime', 'RestrictSUIDSGID', 'LockPersonality', 'RemoveIPC', 'CapabilityBoundingSet',
    'AmbientCapabilities', 'RestrictAddressFamilies', 'SystemCallArchitectures', 'SystemCallFilter',
    'SystemCallErrorNumber', 'LimitNOFILE', 'MemoryMax', 'CPUQuota',
  ], // prettier-ignore
  Install: ['WantedBy', 'RequiredBy', 'Alias'],
};

/**
 * The `NAME=value` lines (commented-out ones too) of the guide's fenced ini block after
 * `heading`, values unquoted as systemd's EnvironmentFile and the shell both read them.
 */
function settingsBlock(heading: string): { name: string; value: string; active: boolean }[] {
  const guide = read('README.md');
  const at = guide.indexOf(heading);
  expect(at, heading).toBeGreaterThan(-1);
  const block = /```ini\n([\s\S]*?)```/.exec(guide.slice(at))![1]!;
  return [...block.matchAll(/^(#?)([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({
    name: m[2]!,
    value: m[3]!.replace(/^"(.*)"$/, '$1'),
    active: m[1] === '',
  }));
}

/** Every environment variable config.ts reads (the keys of its schema). */
const CONFIG_KEYS = new Set(
  [
    ...fs.readFileSync(path.join(ROOT, 'apps/server/src/lib/config.ts'), 'utf8').matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm),
  ].map((m) => m[1]!),
);

describe('systemd units', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-units-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it.each(UNITS)('%s uses only known directives, restarts on failure and stops within its grace', (file) => {
    const unit = parseUnit(read(file));
    expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
    for (const [section, pairs] of unit) {
      for (const [key] of pairs) expect(KNOWN[section], `[${section}] ${key}`).toContain(key);
    }
    expect(values(unit, 'Service', 'Restart')).toEqual(['on-failure']);
    expect(values(unit, 'Service', 'NoNewPrivileges')).toEqual(['yes']);
    expect(values(unit, 'Service', 'ProtectSystem')).toEqual(['strict']);
    // The server's own last resort is SHUTDOWN_GRACE + 15 s: systemd must not SIGKILL before it.
    const stop = Number(values(unit, 'Service', 'TimeoutStopSec')[0]);
    expect(stop).toBeGreaterThan(loadConfig({}).SHUTDOWN_GRACE + 15);

    // The entry it runs exists, with a role the server accepts.
    const [exec] = values(unit, 'Service', 'ExecStart');
    const m = /^\/usr\/bin\/node --import tsx (\S+)(?: --role=(\w+))?$/.exec(exec!);
    expect(m, exec).not.toBeNull();
    expect(fs.existsSync(path.join(ROOT, m![1]!))).toBe(true);
    if (m![2]) expect(loadConfig({ PORTAL_ROLE: m![2] }).PORTAL_ROLE).toBe(m![2]);
  });

  it('lets the server write where the guide keeps its data and backups, and the worker work the queue', () => {
    const server = parseUnit(read('staff-portal.service'));
    const writable = values(server, 'Service', 'ReadWritePaths').flatMap((v) => v.split(/\s+/));
    const settings = settingsBlock('### The settings file');
    for (const name of ['DATA_DIR', 'BACKUP_DIR']) {
      const dir = settings.find((s) => s.name === name && s.active)?.value;
      expect(dir, name).toBeDefined();
      expect(
        writable.some((w) => dir === w || dir!.startsWith(`${w}/`)),
        `${name}=${dir} under ${writable.join(' ')}`,
      ).toBe(true);
    }
    const worker = parseUnit(read('staff-portal-worker.service'));
    expect(values(worker, 'Service', 'ExecStart')[0]).toMatch(/ --role=worker$/);
  });

  it.each(UNITS)('%s passes systemd-analyze verify without a warning', (file) => {
    // The units name /usr/bin/node; verify checks that it is executable, so point it at this Node.
    const copy = path.join(tmp, file);
    fs.writeFileSync(copy, read(file).replaceAll('/usr/bin/node', process.execPath));
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', copy], { encoding: 'utf8' });
    const mine = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.includes(file));
    expect(mine).toEqual([]);
    expect(run.status).toBe(0);
  });
});

describe("the guide's settings", () => {
  it.each(['### The settings file', '### Workers'])(
    'under "%s" name only real settings, with valid values',
    (heading) => {
      const settings = settingsBlock(heading);
      expect(settings.length).toBeGreaterThan(0);
      for (const { name } of settings) expect(CONFIG_KEYS, name).toContain(name);
      const env = Object.fromEntries(settings.filter((s) => s.active).map((s) => [s.name, s.value]));
      expect(() => loadConfig(env)).not.toThrow();
    },
  );
});

describe('alerts.yml', () => {
  const text = read('alerts.yml');
  // Each rule's expression: one line, or a folded block (`>-`) of the lines indented below it.
  const exprs = [...text.matchAll(/^( *)expr: (?:>-\n((?:\1 {2}.*\n)+)|(.*)\n)/gm)].map((m) => (m[2] ?? m[3])!.trim());

  it('has a name, an expression, a severity and a summary for every rule', () => {
    const count = (re: RegExp) => [...text.matchAll(re)].length;
    const alerts = count(/^ {6}- alert: \w+$/gm);
    expect(alerts).toBeGreaterThan(5);
    expect(exprs).toHaveLength(alerts);
    expect(count(/^ {10}severity: (critical|warning|info)$/gm)).toBe(alerts);
    expect(count(/^ {10}summary: '.+'$/gm)).toBe(alerts);
  });

  it('uses only metrics and labels the server exports', async () => {
    const exported = new Map<string, Set<string>>();
    for (const { name } of await registry.getMetricsAsJSON()) {
      const metric = registry.getSingleMetric(name);
      const labels = new Set((metric as unknown as { labelNames?: string[] }).labelNames ?? []);
      exported.set(name, labels);
      if (metric instanceof Histogram) {
        for (const suffix of ['_bucket', '_sum', '_count']) {
          exported.set(`${name}${suffix}`, suffix === '_bucket' ? new Set([...labels, 'le']) : labels);
        }
      }
    }
    // Prometheus' own: the target's `up`, and the labels it adds to every series.
    exported.set('up', new Set());
    const targetLabels = ['job', 'instance'];

    const used: string[] = [];
    for (const expr of exprs) {
      for (const m of expr.matchAll(/\b((?:portal|nodejs|process)_[a-z0-9_]+|up)\b(\{[^}]*\})?/g)) {
        const name = m[1]!;
        used.push(name);
        expect([...exported.keys()], `${name} in: ${expr}`).toContain(name);
        for (const [, label] of (m[2] ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)) {
          expect([...exported.get(name)!, ...targetLabels], `${name}{${label}} in: ${expr}`).toContain(label);
        }
      }
    }
    expect(used.filter((n) => n.startsWith('portal_')).length).toBeGreaterThan(5);
  });

  it('passes promtool check rules', () => {
    expect(() =>
      execFileSync('promtool', ['check', 'rules', path.join(OPS, 'alerts.yml')], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});
