import { describe, expect, it } from 'vitest';
import { parsePactlSinkInputs, streamMatches } from './call.js';
import { parseIoregIdle, parseOsascriptFront, parseOsascriptList, parsePsRss } from './darwin.js';
import { decodeCompoundText } from './linux-x11.js';
import { parseVmRss } from './proc.js';
import { busiest, wifiPercent } from './system.js';
import { parseWin32Sample } from './win32.js';

const PACTL = `Sink Input #41
\tDriver: protocol-native.c
\tCorked: no
\tProperties:
\t\tapplication.name = "Firefox"
\t\tapplication.process.id = "2001"
\t\tapplication.process.binary = "firefox-esr"
Sink Input #57
\tDriver: PipeWire
\tCorked: yes
\tProperties:
\t\tapplication.name = "Zoiper"
\t\tapplication.process.id = "3002"
\t\tapplication.process.binary = "zoiper"
Sink Input #58
\tCorked: no
\tProperties:
\t\tapplication.name = "softphone"
\t\tapplication.process.id = "4003"
`;

describe('pactl sink inputs (Linux call probe)', () => {
  it('reads each stream’s binary, pid and corked flag', () => {
    expect(parsePactlSinkInputs(PACTL)).toEqual([
      { binary: 'firefox-esr', pid: 2001, corked: false },
      { binary: 'zoiper', pid: 3002, corked: true },
      { binary: null, pid: 4003, corked: false },
    ]);
    expect(parsePactlSinkInputs('')).toEqual([]);
  });

  it('matches a configured process by binary or by the pid’s name, never a paused stream', () => {
    const [ff, zoiper, anon] = parsePactlSinkInputs(PACTL);
    expect(streamMatches(ff!, ['zoiper'], null)).toBe(false);
    expect(streamMatches(zoiper!, ['zoiper'], null)).toBe(false); // corked: on hold, not talking
    expect(streamMatches({ ...zoiper!, corked: false }, ['Zoiper'], null)).toBe(true);
    expect(streamMatches(anon!, ['linphone'], 'linphone')).toBe(true);
    expect(streamMatches({ binary: 'Teams.exe', pid: 1, corked: false }, ['teams'], null)).toBe(true);
  });
});

describe('/proc status', () => {
  it('reads VmRSS in bytes, null without it', () => {
    expect(parseVmRss('Name:\tbash\nVmPeak:\t  9000 kB\nVmRSS:\t    5120 kB\n')).toBe(5120 * 1024);
    expect(parseVmRss('Name:\tkthreadd\nState:\tS\n')).toBeNull();
  });
});

// The macOS and Windows probes are untested on real machines: these check their parsers only.
describe('macOS output parsers', () => {
  it('reads osascript’s front process line', () => {
    expect(parseOsascriptFront('Safari\t412\tInbox – Mail\twith tab\n')).toEqual({
      process: 'Safari',
      pid: 412,
      title: 'Inbox – Mail\twith tab',
    });
    expect(parseOsascriptFront('Finder\t88\t\n')).toEqual({ process: 'Finder', pid: 88, title: '' });
    expect(parseOsascriptFront('\n')).toBeNull();
  });
  it('reads the app list, ps rss and ioreg idle', () => {
    expect(parseOsascriptList('Finder, Safari, Zoom, Safari\n')).toEqual(['Finder', 'Safari', 'Zoom']);
    expect(parsePsRss('  20480\n')).toBe(20480 * 1024);
    expect(parsePsRss('')).toBeNull();
    expect(parseIoregIdle('    |   "HIDIdleTime" = 12500000000\n')).toBe(12);
    expect(parseIoregIdle('nothing')).toBeNull();
  });
});

describe('Windows output parser', () => {
  it('reads the PowerShell JSON (one app comes unwrapped as a string)', () => {
    const out = JSON.stringify({
      title: 'Report.docx - Word',
      pid: 7120,
      process: 'WINWORD',
      memory: 1048576,
      idle_ms: 65_400,
      locked: false,
      apps: 'WINWORD',
    });
    expect(parseWin32Sample(out)).toEqual({
      window: { title: 'Report.docx - Word', pid: 7120, process: 'WINWORD', memory_bytes: 1048576 },
      idle: { idle_seconds: 65, locked: false },
      apps: ['WINWORD'],
    });
  });
  it('has no window on the lock screen (pid 0) and says locked', () => {
    const out =
      '{"title":"","pid":0,"process":null,"memory":null,"idle_ms":1000,"locked":true,"apps":["explorer","Teams"]}';
    expect(parseWin32Sample(out)).toEqual({
      window: null,
      idle: { idle_seconds: 1, locked: true },
      apps: ['explorer', 'Teams'],
    });
  });
});

describe('network helpers', () => {
  it('picks the busiest interface other than loopback', () => {
    expect(
      busiest([
        { iface: 'lo', rx_sec: 1e9, tx_sec: 1e9 },
        { iface: 'eth0', rx_sec: 100, tx_sec: 50 },
        { iface: 'wlan0', rx_sec: 300, tx_sec: null },
      ])?.iface,
    ).toBe('wlan0');
    expect(busiest([{ iface: 'lo', rx_sec: 1, tx_sec: 1 }])).toBeNull();
  });
  it('turns Wi-Fi quality or dBm into 0–100', () => {
    expect(wifiPercent({ quality: 71, signalLevel: -60 })).toBe(71);
    expect(wifiPercent({ quality: null, signalLevel: -60 })).toBe(80);
    expect(wifiPercent({ quality: null, signalLevel: -20 })).toBe(100);
    expect(wifiPercent(undefined)).toBeNull();
  });
});

describe('COMPOUND_TEXT window names', () => {
  it('decodes UTF-8 segments and Latin-1 around them', () => {
    const ct = Buffer.concat([
      Buffer.from('Ticket 4411 ', 'latin1'),
      Buffer.from('\x1b%G', 'latin1'),
      Buffer.from('— Ünïcode 😀', 'utf8'),
      Buffer.from('\x1b%@', 'latin1'),
      Buffer.from(' caf\xe9', 'latin1'),
    ]);
    expect(decodeCompoundText(ct)).toBe('Ticket 4411 — Ünïcode 😀 café');
    expect(decodeCompoundText(Buffer.from('plain', 'latin1'))).toBe('plain');
  });
});
