import { z } from 'zod';
import { ZUserType } from '../users/user-types.js';
import { ZLeaveStatus } from './leaves.js';

/**
 * Live frame of the leaves feature, on `/ws/notification/` (beside the notifications the
 * same change sends): to the requester and to every connected user who may decide or
 * see requests of the requester's department (`canSeeLeave`), so inboxes, lists, balances
 * and the calendar refresh without a reload.
 *   {"message": {"command": "leave_update", "leave": <id>, "user": <requester id>, "department": <type>, "status": <status>}}
 */
export const ZWsLeaveUpdate = z.object({
  message: z.object({
    command: z.literal('leave_update'),
    leave: z.number().int(),
    user: z.number().int(),
    department: ZUserType,
    status: ZLeaveStatus,
  }),
});
export type TWsLeaveUpdate = z.infer<typeof ZWsLeaveUpdate>;
