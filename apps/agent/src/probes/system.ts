import si from 'systeminformation';
import type { DeviceSample, NetworkSample, NetworkProbe, SystemProbe } from './types.js';

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const pct = (n: number) => Math.round(clamp(n, 0, 100) * 10) / 10;

/** Device facts and load through systeminformation (Linux, macOS and Windows alike). */
export class SiSystemProbe implements SystemProbe {
  async device(): Promise<DeviceSample> {
    const [os, cpu, load, mem, disks, battery, ifaces] = await Promise.all([
      si.osInfo(),
      si.cpu(),
      si.currentLoad(),
      si.mem(),
      si.fsSize().catch(() => []),
      si.battery().catch(() => null),
      si.networkInterfaces().catch(() => []),
    ]);
    const addresses = (Array.isArray(ifaces) ? ifaces : [ifaces])
      .filter((i) => !i.internal)
      .flatMap((i) => [i.ip4, i.ip6])
      .filter((a) => !!a);
    return {
      hostname: os.hostname,
      os: [os.distro, os.release].filter(Boolean).join(' ') || os.platform,
      cpu_model: [cpu.manufacturer, cpu.brand].filter(Boolean).join(' ') || 'unknown',
      cpu_load: pct(load.currentLoad),
      memory_total_bytes: mem.total,
      // "active" leaves out the page cache, which the kernel gives back on demand.
      memory_used_bytes: mem.active,
      disks: disks
        .filter((d) => d.size > 0)
        .slice(0, 32)
        .map((d) => ({ mount: d.mount, size_bytes: d.size, used_bytes: d.used })),
      battery_percent: battery?.hasBattery ? pct(battery.percent) : null,
      charging: battery?.hasBattery ? battery.isCharging : null,
      uptime_seconds: Math.max(0, Math.floor(Number(si.time().uptime))),
      addresses: addresses.slice(0, 32),
    };
  }
}

export interface PathQuality {
  latency_ms: number | null;
  loss_percent: number | null;
}

/** Wi-Fi quality 0–100: the driver's own figure, else from the signal level in dBm (−100 → 0, −50 → 100). */
export function wifiPercent(w: { quality: number | null; signalLevel: number | null } | undefined): number | null {
  if (!w) return null;
  if (typeof w.quality === 'number' && Number.isFinite(w.quality)) return pct(w.quality);
  if (typeof w.signalLevel === 'number' && Number.isFinite(w.signalLevel)) return pct(2 * (w.signalLevel + 100));
  return null;
}

/** The interface moving the most bytes now (loopback aside). */
export function busiest(stats: { iface: string; rx_sec: number | null; tx_sec: number | null }[]) {
  const rate = (s: { rx_sec: number | null; tx_sec: number | null }) => (s.rx_sec ?? 0) + (s.tx_sec ?? 0);
  return stats.filter((s) => s.iface !== 'lo').sort((a, b) => rate(b) - rate(a))[0] ?? null;
}

/**
 * Interfaces' rates (systeminformation keeps the previous counters, so the first sample
 * reads 0), the path to the server (measured by `measure`, the transport's pings), and
 * the Wi-Fi signal where the machine has one.
 */
export class SiNetworkProbe implements NetworkProbe {
  constructor(private readonly measure: () => Promise<PathQuality>) {}

  async network(): Promise<NetworkSample> {
    const [stats, wifi, path] = await Promise.all([
      si.networkStats('*').catch(() => []),
      si.wifiConnections().catch(() => []),
      this.measure(),
    ]);
    const top = busiest(stats);
    return {
      interface: top?.iface ?? 'none',
      rx_bytes_per_s: Math.max(0, Math.round(top?.rx_sec ?? 0)),
      tx_bytes_per_s: Math.max(0, Math.round(top?.tx_sec ?? 0)),
      latency_ms: path.latency_ms,
      loss_percent: path.loss_percent,
      wifi_signal_percent: wifiPercent(wifi[0]),
    };
  }
}
