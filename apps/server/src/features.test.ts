/**
 * The feature list is the app's one registration point: every feature folder is in it
 * once, and every event-log action the server can record belongs to exactly one feature.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_ACTIONS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { serverFeatures } from './features.js';

const featuresDir = fileURLToPath(new URL('./features', import.meta.url));

describe('the server feature list', () => {
  it('names every feature folder once, by its folder name', () => {
    const folders = fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const names = serverFeatures.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('starts with the features the others depend on: sign-in, then the users the demo names', () => {
    expect(serverFeatures.slice(0, 2).map((f) => f.name)).toEqual(['auth', 'users']);
    expect(serverFeatures.find((f) => f.demo?.rows)?.name).toBe('users');
    const order = serverFeatures.map((f) => f.name);
    // WFM's demo shifts are planned around the interpreters' demo presence.
    expect(order.indexOf('interpreters')).toBeLessThan(order.indexOf('wfm'));
  });

  it('gives every event-log action to exactly one feature', () => {
    const owners = new Map<string, string[]>();
    for (const f of serverFeatures)
      for (const action of f.eventLogActions ?? []) owners.set(action, [...(owners.get(action) ?? []), f.name]);
    const unowned = EVENT_ACTIONS.filter((a) => !owners.has(a));
    const shared = [...owners].filter(([, by]) => by.length > 1);
    expect({ unowned, shared }).toEqual({ unowned: [], shared: [] });
  });

  it('names each scheduled job once', () => {
    const env = { demo: true };
    const ctx = { config: { KPI_REMINDERS: true, PRESENCE_DEMO_FEED: true, IT_DEMO_FEED: true } } as never;
    const jobs = serverFeatures.flatMap((f) => f.jobs?.(ctx, env) ?? []).map((j) => j.name);
    expect(jobs.length).toBeGreaterThan(0);
    expect(new Set(jobs).size).toBe(jobs.length);
  });
});
