import { languagePairKey, type TInterpreter } from '@portal/contracts';
import { teamName } from '../../../lib/i18n/local-name';

/** The name shown for an interpreter: first and last name, else the username. */
export const interpreterName = (i: Pick<TInterpreter, 'first_name' | 'last_name' | 'username'>) =>
  `${i.first_name} ${i.last_name}`.trim() || i.username;

export interface BoardFilters {
  search: string;
  /** A `languagePairKey`, or '' for every pair. */
  pair: string;
  team: string;
  onlineOnly: boolean;
}

/** A language pair as first written on the board, its key, and how many of its interpreters are online. */
export interface PairCount {
  key: string;
  label: string;
  online: number;
}

/**
 * Every pair on the board (either order counted as one, named as most interpreters write
 * it), most online first, then by name.
 */
export function pairCounts(list: readonly TInterpreter[]): PairCount[] {
  const pairs = new Map<string, { online: number; spellings: Map<string, number> }>();
  for (const i of list) {
    // Each interpreter counts once per pair even if they wrote it twice in both orders.
    const mine = new Map(i.profile.languages.map((l) => [languagePairKey(l), l]));
    for (const [key, spelling] of mine) {
      const pair = pairs.get(key) ?? { online: 0, spellings: new Map<string, number>() };
      if (i.profile.online) pair.online += 1;
      pair.spellings.set(spelling, (pair.spellings.get(spelling) ?? 0) + 1);
      pairs.set(key, pair);
    }
  }
  return [...pairs.entries()]
    .map(([key, { online, spellings }]) => {
      const [label] = [...spellings].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]!;
      return { key, label, online };
    })
    .sort((a, b) => b.online - a.online || a.label.localeCompare(b.label));
}

/**
 * The teams on the board, each once by its English name (what the filter matches and the URL
 * keeps) with its Arabic one, sorted by the name the page shows.
 */
export function teamsOf(list: readonly TInterpreter[], language?: string): { team: string; team_ar: string | null }[] {
  const byName = new Map<string, { team: string; team_ar: string | null }>();
  for (const { profile } of list) {
    if (profile.team && !byName.get(profile.team)?.team_ar)
      byName.set(profile.team, { team: profile.team, team_ar: profile.team_ar ?? null });
  }
  return [...byName.values()].sort((a, b) => teamName(a, language).localeCompare(teamName(b, language), language));
}

/** The rows shown: filtered, online first, then by name. */
export function boardRows(
  list: readonly TInterpreter[],
  filters: BoardFilters,
  collator: Intl.Collator,
): TInterpreter[] {
  const needle = filters.search.trim().toLowerCase();
  return list
    .filter((i) => !filters.onlineOnly || i.profile.online === 1)
    .filter((i) => !filters.team || i.profile.team === filters.team)
    .filter((i) => !filters.pair || i.profile.languages.some((l) => languagePairKey(l) === filters.pair))
    .filter(
      (i) =>
        !needle ||
        [interpreterName(i), i.username, i.profile.extension].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.profile.online - a.profile.online || collator.compare(interpreterName(a), interpreterName(b)));
}
