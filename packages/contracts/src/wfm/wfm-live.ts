import { z } from 'zod';
import { ZText } from '../common/text.js';

/**
 * `/ws/wfm/` — everyone who may use the WFM pages (`canUseWfm`) hears when the schedule
 * changes: {"message": {"command": "wfm_schedule", "from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}}
 * (the days whose shifts changed), so another planner's roster re-reads itself.
 */
export const ZWsWfmSchedule = z.object({
  message: z.object({ command: z.literal('wfm_schedule'), from: ZText, to: ZText }),
});
export type TWsWfmSchedule = z.infer<typeof ZWsWfmSchedule>;
