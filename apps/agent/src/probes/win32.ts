import { z } from 'zod';
import { run } from './exec.js';
import type { ActiveWindow, ActiveWindowProbe, IdleProbe, IdleSample } from './types.js';

// UNTESTED ON A REAL WINDOWS MACHINE: only the output parser below is unit-tested (on Linux).

/** One PowerShell run prints the foreground window, idle time, lock state and windowed processes as JSON. */
const SCRIPT = `
$ErrorActionPreference = 'Stop'
Add-Type @"
using System; using System.Runtime.InteropServices; using System.Text;
public static class PortalAgent {
  [DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
  [DllImport("user32.dll", CharSet=CharSet.Unicode)] public static extern int GetWindowText(IntPtr h, StringBuilder s, int n);
  [DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr h, out uint pid);
  [StructLayout(LayoutKind.Sequential)] public struct LII { public uint cbSize; public uint dwTime; }
  [DllImport("user32.dll")] public static extern bool GetLastInputInfo(ref LII i);
}
"@
$h = [PortalAgent]::GetForegroundWindow()
$sb = New-Object System.Text.StringBuilder 1024
[void][PortalAgent]::GetWindowText($h, $sb, 1024)
$fpid = 0; [void][PortalAgent]::GetWindowThreadProcessId($h, [ref]$fpid)
$p = Get-Process -Id $fpid -ErrorAction SilentlyContinue
$lii = New-Object PortalAgent+LII; $lii.cbSize = 8; [void][PortalAgent]::GetLastInputInfo([ref]$lii)
$idle = [Environment]::TickCount - $lii.dwTime
$locked = [bool](Get-Process -Name LogonUI -ErrorAction SilentlyContinue)
$apps = @(Get-Process | Where-Object { $_.MainWindowHandle -ne 0 } | Select-Object -ExpandProperty ProcessName -Unique)
[pscustomobject]@{ title = $sb.ToString(); pid = [int]$fpid; process = $p.ProcessName; memory = $p.WorkingSet64; idle_ms = [long]$idle; locked = $locked; apps = $apps } | ConvertTo-Json -Compress
`;

const ZOut = z.object({
  title: z.string().nullable(),
  pid: z.number().int().nullable(),
  process: z.string().nullable(),
  memory: z.number().nullable(),
  idle_ms: z.number(),
  locked: z.boolean(),
  apps: z.union([z.array(z.string()), z.string()]).nullable(),
});

export interface Win32Sample {
  window: ActiveWindow | null;
  idle: IdleSample;
  apps: string[];
}

/** The script's JSON → a sample (a single app comes as a string: ConvertTo-Json unwraps one-item arrays). */
export function parseWin32Sample(out: string): Win32Sample {
  const o = ZOut.parse(JSON.parse(out));
  const apps = o.apps === null ? [] : Array.isArray(o.apps) ? o.apps : [o.apps];
  return {
    window: o.pid
      ? { title: o.title ?? '', pid: o.pid, process: o.process ?? 'unknown', memory_bytes: o.memory ?? null }
      : null,
    idle: { idle_seconds: Math.max(0, Math.floor(o.idle_ms / 1000)), locked: o.locked },
    apps: [...new Set(apps)],
  };
}

/** Windows through PowerShell (user32 calls); one run per second serves all three probes. */
export class Win32Desktop implements ActiveWindowProbe, IdleProbe {
  private last: { at: number; sample: Promise<Win32Sample> } | null = null;

  private sample(): Promise<Win32Sample> {
    if (this.last && Date.now() - this.last.at < 900) return this.last.sample;
    const sample = run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', SCRIPT], 10_000).then(
      parseWin32Sample,
    );
    this.last = { at: Date.now(), sample };
    return sample;
  }

  async activeWindow() {
    return (await this.sample()).window;
  }
  async openedApps() {
    return (await this.sample()).apps;
  }
  async idle() {
    return (await this.sample()).idle;
  }
  close() {}
}
