import { z } from 'zod';
import { ZId, ZText } from '../common/text.js';
import { ZUserType } from './user-types.js';
import { pagedResponse, ZPageQuery } from '../common/pagination.js';
import { schemaMessage } from '../common/messages.js';

/** Code points, not UTF-16 units: "8 to 128 characters (any Unicode)". */
const codePoints = (s: string) => [...s].length;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const ZPassword = ZText.refine((s) => codePoints(s) >= PASSWORD_MIN, {
  message: schemaMessage('passwordTooShort', { count: PASSWORD_MIN }),
}).refine((s) => codePoints(s) <= PASSWORD_MAX, {
  message: schemaMessage('passwordTooLong', { count: PASSWORD_MAX }),
});

export const ZUsername = ZText.trim()
  .min(2, schemaMessage('usernameTooShort'))
  .max(64, schemaMessage('usernameTooLong'))
  .regex(/^[\p{L}\p{N}._@+-]+$/u, schemaMessage('usernameCharacters'));

const ZName = ZText.trim().max(100);
const ZPhone = ZText.trim()
  .max(32)
  .regex(/^[+0-9 ()-]*$/, schemaMessage('phoneCharacters'));
/**
 * An avatar is an https image or one of the portal's own files (`/api/…`): never
 * `javascript:`, `data:` or plain-http URLs, which a browser would run or mix in.
 */
const ZAvatar = ZText.trim()
  .max(2048)
  .refine(
    (u) => {
      if (u === '') return true;
      if (/^\/api\/[^\\\s]*$/.test(u) && !u.startsWith('//')) return true;
      try {
        return new URL(u).protocol === 'https:' && !/\s/.test(u);
      } catch {
        return false;
      }
    },
    { message: schemaMessage('avatarLink') },
  );

export const ZUser = z
  .object({
    id: z.number().int(),
    username: ZText,
    email: ZText,
    first_name: ZText,
    last_name: ZText,
    user_type: ZUserType,
    is_director: z.boolean(),
    is_manager: z.boolean(),
    is_active: z.boolean(),
    phone: ZText,
    avatar: ZText,
    created_at: ZText,
    updated_at: ZText,
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

/** Who someone is, where another record names them (a ticket's owner, a leave's requester). */
export const ZUserRef = ZUser.pick({ id: true, username: true, first_name: true, last_name: true, user_type: true });
export type TUserRef = z.infer<typeof ZUserRef>;

/** What any staff member may see of a colleague (profile/{userName}). */
export const ZPublicProfile = ZUser.pick({
  id: true,
  username: true,
  email: true,
  first_name: true,
  last_name: true,
  user_type: true,
  is_director: true,
  is_manager: true,
  is_active: true,
  phone: true,
  avatar: true,
}).meta({ id: 'PublicProfile' });
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

/** Own profile fields (never type or flags). */
export const ZUpdateMeRequest = z
  .object({
    email: z.email(schemaMessage('email')).max(254).optional(),
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    phone: ZPhone.optional(),
    avatar: ZAvatar.optional(),
  })
  .strict();
export type TUpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

export const ZCreateAccountRequest = z
  .object({
    username: ZUsername,
    email: z.email(schemaMessage('email')).max(254),
    password: ZPassword,
    first_name: ZName.default(''),
    last_name: ZName.default(''),
    user_type: ZUserType,
    is_director: z.boolean().default(false),
    is_manager: z.boolean().default(false),
    phone: ZPhone.default(''),
  })
  .strict();
export type TCreateAccountRequest = z.input<typeof ZCreateAccountRequest>;

/** ADMIN edits another account; changing type, flags or active state ends their sessions. */
export const ZUpdateAccountRequest = z
  .object({
    email: z.email(schemaMessage('email')).max(254).optional(),
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    phone: ZPhone.optional(),
    user_type: ZUserType.optional(),
    is_director: z.boolean().optional(),
    is_manager: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type TUpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;

export const ZResetPasswordRequest = z.object({ new_password: ZPassword }).strict();
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZUserListQuery = ZPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  user_type: ZUserType.optional(),
  is_active: z.enum(['true', 'false']).optional(),
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;
export const ZUserListResponse = pagedResponse(ZUser);
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

export const ZUserIdParams = z.object({ id: ZId });
export const ZUsernameParams = z.object({ username: ZText.min(1).max(64) });
