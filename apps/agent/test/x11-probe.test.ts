import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X11Desktop } from '../src/probes/linux-x11.js';
import { startDesktop, until, type Desktop } from './desktop.js';

describe('the X11 probe on a real X server (Xvfb + openbox)', () => {
  let desktop: Desktop;
  let probe: X11Desktop;
  beforeAll(async () => {
    desktop = await startDesktop();
    probe = new X11Desktop(desktop.display);
  });
  afterAll(async () => {
    probe?.close();
    await desktop?.stop();
  });

  it('reads the active window’s title, pid, process and memory, and the opened apps', async () => {
    const one = await desktop.openWindow('Ticket 4411 — Ünïcode');
    const two = await desktop.openWindow('Second window');
    await desktop.activate('Ticket 4411 — Ünïcode');
    const w = await probe.activeWindow();
    expect(w).toMatchObject({ title: 'Ticket 4411 — Ünïcode', process: 'xmessage', pid: one.pid });
    expect(w!.memory_bytes).toBeGreaterThan(0);
    await desktop.activate('Second window');
    expect(await probe.activeWindow()).toMatchObject({ title: 'Second window', pid: two.pid });
    expect(await probe.openedApps()).toEqual(['xmessage']);
  });

  it('reports idle time that rises without input and falls on a mouse move', async () => {
    await desktop.moveMouse();
    const after = await probe.idle();
    expect(after.locked).toBe(false);
    await until('idle ≥ 2 s', async () => ((await probe.idle()).idle_seconds >= 2 ? true : undefined));
    await desktop.moveMouse();
    expect((await probe.idle()).idle_seconds).toBe(0);
  });
});
