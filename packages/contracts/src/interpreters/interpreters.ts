import { z } from 'zod';
import { INT4_MAX, textOr, ZText } from '../common/text.js';
import { schemaMessage } from '../common/messages.js';
import { ZArabicName, ZArabicNameValue } from '../common/localized-name.js';

/**
 * Interpreters, their live presence and followers (spec §1, §3, §4, §7:
 * `GET user/interpreters/`, `POST user/follow/`). Interpreters are users of type
 * INTERPRETER; their profile adds languages, team and extension.
 */

/** A language pair an interpreter covers, written `Arabic↔English` (either order means the same pair). */
export const ZLanguagePair = textOr(schemaMessage('chooseLanguagePair'))
  .trim()
  .regex(/^[^↔]{2,30}↔[^↔]{2,30}$/, schemaMessage('languagePairFormat'));

/** Spec §3/§4: `online` is 0 or 1; `followers` a count. */
export const ZInterpreterProfile = z
  .object({
    online: z.union([z.literal(0), z.literal(1)]),
    followers: z.number().int(),
    languages: z.array(ZText),
    team: ZText,
    /** The team's Arabic name, shown on Arabic pages (null: none given). */
    team_ar: ZArabicNameValue,
    extension: ZText,
    /** Since when the open presence session runs (null: offline). */
    online_since: ZText.nullable(),
    /** Minutes online today (closed sessions plus the open one, in the portal's time zone). */
    online_minutes_today: z.number().int(),
  })
  .meta({ id: 'InterpreterProfile' });
export type TInterpreterProfile = z.infer<typeof ZInterpreterProfile>;

export const ZInterpreter = z
  .object({
    id: z.number().int(),
    /** The key (spec §3). */
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    profile: ZInterpreterProfile,
    /** Whether the caller follows them. */
    following: z.boolean(),
  })
  .meta({ id: 'Interpreter' });
export type TInterpreter = z.infer<typeof ZInterpreter>;
export const ZInterpreterList = z.array(ZInterpreter);

/** `POST /api/user/follow/`: answered with the interpreter and the new `profile.followers`. */
export const ZFollowRequest = z
  .object({
    username: textOr(schemaMessage('chooseInterpreter')).trim().min(1, schemaMessage('chooseInterpreter')).max(150),
    follow: z.boolean({ error: schemaMessage('chooseFollow') }),
  })
  .strict();
export type TFollowRequest = z.input<typeof ZFollowRequest>;

export const TEAM_NAME_MAX = 60;

/** `PUT /api/user/interpreters/{username}/profile/` (WFM, RTM and ADMIN keep these). */
export const ZInterpreterProfileRequest = z
  .object({
    languages: z.array(ZLanguagePair).max(10, schemaMessage('languagePairsTooMany')),
    team: ZText.trim().max(TEAM_NAME_MAX, schemaMessage('maxChars', { count: TEAM_NAME_MAX })),
    team_ar: ZArabicName(TEAM_NAME_MAX),
    extension: ZText.trim().max(20, schemaMessage('maxChars', { count: 20 })),
  })
  .strict();
export type TInterpreterProfileRequest = z.input<typeof ZInterpreterProfileRequest>;

// ---------------------------------------------------------------- presence

export const PRESENCE_SOURCES = ['agent', 'integration', 'self'] as const;
export const ZPresenceSource = z.enum(PRESENCE_SOURCES);

/** One presence change from the telephony/interpreting platform (or the agent). */
export const ZPresenceEvent = z
  .object({
    username: textOr(schemaMessage('usernameMissing')).trim().min(1).max(150),
    online: z.boolean({ error: schemaMessage('onlineMissing') }),
    at: z.iso.datetime({ offset: true, error: schemaMessage('presenceTimeFormat') }),
    /** The sender's own id for this event: a repeated id is applied once. */
    source_id: textOr(schemaMessage('eventIdMissing')).trim().min(1).max(200),
  })
  .strict();
export type TPresenceEvent = z.infer<typeof ZPresenceEvent>;

/** Also written in its message below (a fixed sentence the web translates by key). */
export const MAX_PRESENCE_EVENTS = 500;

/** `POST /api/presence/events/` (integration API key, or an INTERPRETER's own token for their own username). */
export const ZPresenceEventsRequest = z
  .object({
    events: z
      .array(ZPresenceEvent)
      .min(1, schemaMessage('eventsMissing'))
      .max(MAX_PRESENCE_EVENTS, schemaMessage('eventsTooMany')),
  })
  .strict();
export type TPresenceEventsRequest = z.input<typeof ZPresenceEventsRequest>;

/** Per event, in the order sent: applied, a repeat of one already applied, or refused with why. */
export const ZPresenceEventsResult = z
  .object({
    results: z.array(
      z.object({
        source_id: ZText,
        outcome: z.enum(['applied', 'duplicate', 'unknown_user', 'refused']),
        message: ZText.nullable(),
      }),
    ),
  })
  .meta({ id: 'PresenceEventsResult' });
export type TPresenceEventsResult = z.infer<typeof ZPresenceEventsResult>;

/** `POST /api/presence/heartbeat/`: an open session stays open while heartbeats arrive. */
export const ZPresenceHeartbeatRequest = z.object({ username: ZText.trim().min(1).max(150) }).strict();
/** Its answer: the open session was kept alive, there was none, or the username was refused or unknown. */
export const ZPresenceHeartbeatResult = z
  .object({ username: ZText, outcome: z.enum(['alive', 'offline', 'unknown_user', 'refused']) })
  .meta({ id: 'PresenceHeartbeatResult' });
export type TPresenceHeartbeatResult = z.infer<typeof ZPresenceHeartbeatResult>;

// ---------------------------------------------------------------- integration keys (ADMIN)

export const ZIntegrationKeyRequest = z
  .object({
    name: textOr(schemaMessage('integrationNameMissing'))
      .trim()
      .min(1, schemaMessage('integrationNameMissing'))
      .max(80),
  })
  .strict();
export const ZIntegrationKey = z
  .object({
    id: z.number().int().max(INT4_MAX),
    name: ZText,
    /** The first characters, to recognise it; the key itself is shown once, at creation. */
    prefix: ZText,
    created_at: ZText,
    last_used_at: ZText.nullable(),
    revoked_at: ZText.nullable(),
  })
  .meta({ id: 'IntegrationKey' });
export type TIntegrationKey = z.infer<typeof ZIntegrationKey>;
export const ZIntegrationKeyList = z.array(ZIntegrationKey);
/** The answer to creating one: the only time the secret is shown. */
export const ZNewIntegrationKey = ZIntegrationKey.extend({ key: ZText });
export type TNewIntegrationKey = z.infer<typeof ZNewIntegrationKey>;

/** Each user decides whether a followed interpreter coming online notifies them. */
export const ZFollowSettings = z.object({ notify_when_online: z.boolean() }).strict();
export type TFollowSettings = z.infer<typeof ZFollowSettings>;

/** One key for a pair whichever order it is written in (`arabic↔english`): to match, count and dedupe pairs. */
export function languagePairKey(pair: string): string {
  return pair
    .split('↔')
    .map((s) => s.trim().toLowerCase())
    .sort()
    .join('↔');
}
