import { PactlCallProbe, noCalls } from './call.js';
import { DarwinDesktop } from './darwin.js';
import { X11Desktop } from './linux-x11.js';
import type { DesktopProbes } from './types.js';
import { Win32Desktop } from './win32.js';

export type * from './types.js';

/** This platform's desktop probes (Linux: X11; macOS and Windows: untested on real machines). */
export function desktopProbes(platform = process.platform): DesktopProbes {
  if (platform === 'darwin') {
    const d = new DarwinDesktop();
    return { window: d, idle: d, call: noCalls, close: () => d.close() };
  }
  if (platform === 'win32') {
    const d = new Win32Desktop();
    return { window: d, idle: d, call: noCalls, close: () => d.close() };
  }
  const x = new X11Desktop();
  return { window: x, idle: x, call: new PactlCallProbe(), close: () => x.close() };
}
