import type { TInterpreter } from '@portal/contracts';

/** An interpreter as the board's API answers it (offline, no followers, not followed). */
export function makeInterpreter(
  username: string,
  first_name: string,
  last_name: string,
  over: Partial<Omit<TInterpreter, 'profile'>> & { profile?: Partial<TInterpreter['profile']> } = {},
): TInterpreter {
  const { profile, ...rest } = over;
  return {
    id: username.length * 7 + first_name.length,
    username,
    first_name,
    last_name,
    following: false,
    ...rest,
    profile: {
      online: 0,
      followers: 0,
      languages: ['Arabic↔English'],
      team: 'Medical',
      team_ar: null,
      extension: '2001',
      online_since: null,
      online_minutes_today: 0,
      ...profile,
    },
  };
}
