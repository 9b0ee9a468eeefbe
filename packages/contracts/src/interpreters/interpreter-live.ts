import { z } from 'zod';
import { ZText } from '../common/text.js';

/**
 * `/ws/interpreters/` — staff who watch presence (`canWatchPresence`: the board's and WFM's audience) get each
 * presence change: {"message": {"command": "interpreter_status", "username": <u>, "online": 0 | 1, "at": <iso>}}.
 * The web applies it by spec §4: switched on only if currently 0; off sets 0.
 */
export const ZWsInterpreterStatus = z.object({
  message: z.object({
    command: z.literal('interpreter_status'),
    username: ZText,
    online: z.union([z.literal(0), z.literal(1)]),
    at: ZText,
  }),
});
export type TWsInterpreterStatus = z.infer<typeof ZWsInterpreterStatus>;
