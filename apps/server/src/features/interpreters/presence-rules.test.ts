import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config.js';
import {
  deriveSessions,
  isExpired,
  orderFacts,
  outsideWindow,
  presenceWindow,
  replayStart,
  stateChange,
  type PresenceFact,
} from './presence-rules.js';

const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00Z`);
const fact = (id: string, online: boolean, hhmm: string): PresenceFact => ({
  online,
  at: at(hhmm),
  sender: 'key:1',
  source_id: id,
  source: 'integration',
});

describe('deriveSessions', () => {
  it('opens on online, closes on offline, and treats repeats as signs of life or nothing', () => {
    const sessions = deriveSessions([
      fact('a', false, '07:00'),
      fact('b', true, '08:00'),
      fact('c', true, '09:00'),
      fact('d', false, '10:00'),
      fact('e', false, '10:30'),
      fact('f', true, '11:00'),
    ]);
    expect(sessions).toEqual([
      { started_at: at('08:00'), ended_at: at('10:00'), last_seen_at: at('10:00'), source: 'integration' },
      { started_at: at('11:00'), ended_at: null, last_seen_at: at('11:00'), source: 'integration' },
    ]);
  });

  it('merges a late event by time: an offline sent before its online still closes the session', () => {
    const late = deriveSessions([fact('off', false, '12:00'), fact('on', true, '08:00')]);
    expect(late).toEqual([
      { started_at: at('08:00'), ended_at: at('12:00'), last_seen_at: at('12:00'), source: 'integration' },
    ]);
  });

  it('gives the same sessions for every arrival order (ties broken by sender and id)', () => {
    const facts = [
      fact('1', true, '08:00'),
      fact('2', false, '09:00'),
      fact('3', true, '09:00'),
      fact('4', false, '12:00'),
      fact('5', true, '13:00'),
    ];
    const expected = deriveSessions(facts);
    for (let seed = 1; seed < 20; seed++) {
      const shuffled = [...facts].sort(
        (a, b) => ((Number(a.source_id) * seed) % 7) - ((Number(b.source_id) * seed) % 7),
      );
      expect(deriveSessions(shuffled)).toEqual(expected);
    }
    expect(orderFacts([...facts].reverse()).map((f) => f.source_id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it("keeps a person online while any of their machines is, and any other sender's offline closes it", () => {
    const machine = (agent: number, id: string, online: boolean, hhmm: string): PresenceFact => ({
      ...fact(id, online, hhmm),
      sender: `agent:${agent}`,
      source: 'agent',
    });
    const sessions = deriveSessions([
      machine(1, 'a', true, '08:00'),
      machine(2, 'b', true, '08:10'),
      // One machine locked, the other still in use: a sign of life, not an end.
      machine(1, 'c', false, '09:00'),
      machine(2, 'd', false, '10:00'),
      machine(1, 'e', true, '11:00'),
      machine(2, 'f', true, '11:05'),
      // The expiry (or the platform) closes it whatever the machines said.
      { ...fact('g', false, '12:00'), sender: 'system', source: 'agent' },
      machine(1, 'h', false, '12:30'),
      machine(2, 'i', true, '13:00'),
    ]);
    expect(sessions).toEqual([
      { started_at: at('08:00'), ended_at: at('10:00'), last_seen_at: at('10:00'), source: 'agent' },
      { started_at: at('11:00'), ended_at: at('12:00'), last_seen_at: at('12:00'), source: 'agent' },
      { started_at: at('13:00'), ended_at: null, last_seen_at: at('13:00'), source: 'agent' },
    ]);
  });
});

describe('replayStart, stateChange, isExpired', () => {
  it('starts a rebuild at the earlier of the new event and the sessions it may change', () => {
    expect(replayStart(at('10:00'), [])).toEqual(at('10:00'));
    expect(replayStart(at('10:00'), [at('08:00'), at('11:00')])).toEqual(at('08:00'));
  });

  it('reports only real changes', () => {
    expect(stateChange(false, true)).toBe('online');
    expect(stateChange(true, false)).toBe('offline');
    expect(stateChange(true, true)).toBeNull();
    expect(stateChange(false, false)).toBeNull();
  });

  it('expires only past the limit', () => {
    expect(isExpired(at('10:00'), at('10:05'), 5)).toBe(false);
    expect(isExpired(at('10:00'), new Date(at('10:05').getTime() + 1), 5)).toBe(true);
  });
});

describe('the time window', () => {
  it('defaults to five minutes back for the platform, and the 30-second clock skew for a person and ahead', () => {
    const { PRESENCE_MAX_PAST, PRESENCE_CLOCK_SKEW } = loadConfig({});
    expect([PRESENCE_MAX_PAST, PRESENCE_CLOCK_SKEW]).toEqual([300, 30]);
    expect(presenceWindow('integration', 300, 30)).toEqual({ pastSeconds: 300, futureSeconds: 30 });
    expect(presenceWindow('self', 300, 30)).toEqual({ pastSeconds: 30, futureSeconds: 30 });
    expect(presenceWindow('agent', 300, 30)).toEqual({ pastSeconds: 30, futureSeconds: 30 });
  });

  it('refuses only what lies outside, the edges included in the window', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const w = { pastSeconds: 300, futureSeconds: 30 };
    const at = (s: number) => new Date(now.getTime() + s * 1000);
    expect(outsideWindow(at(-300), now, w)).toBeNull();
    expect(outsideWindow(at(-301), now, w)).toBe('past');
    expect(outsideWindow(at(30), now, w)).toBeNull();
    expect(outsideWindow(at(31), now, w)).toBe('future');
    expect(outsideWindow(new Date('2020-01-01T00:00:00Z'), now, w)).toBe('past');
    expect(outsideWindow(new Date('2099-01-01T00:00:00Z'), now, w)).toBe('future');
  });
});
