import type { TDeviceMonitor, TNetworkMonitor } from '@portal/contracts';

/** The window in front: its title and the process that owns it. */
export interface ActiveWindow {
  title: string;
  process: string;
  pid: number | null;
  memory_bytes: number | null;
}

export interface ActiveWindowProbe {
  /** null: no window has the focus (an empty desktop). */
  activeWindow(): Promise<ActiveWindow | null>;
  /** Names of the processes owning the desktop's top-level windows, without repeats. */
  openedApps(): Promise<string[]>;
}

export interface IdleSample {
  /** Seconds since the last keyboard or mouse input. */
  idle_seconds: number;
  /** The screen saver or the lock screen is on. */
  locked: boolean;
}

export interface IdleProbe {
  idle(): Promise<IdleSample>;
}

export type DeviceSample = Omit<TDeviceMonitor, 'at'>;
export interface SystemProbe {
  device(): Promise<DeviceSample>;
}

export type NetworkSample = Omit<TNetworkMonitor, 'at'>;
export interface NetworkProbe {
  network(): Promise<NetworkSample>;
}

export interface CallProbe {
  /** Whether one of `processes` holds an audio session now (a call is on). */
  inCall(processes: readonly string[]): Promise<boolean>;
}

/** A platform's probes; `close` releases what they hold (the X connection). */
export interface DesktopProbes {
  window: ActiveWindowProbe;
  idle: IdleProbe;
  call: CallProbe;
  close(): void;
}
