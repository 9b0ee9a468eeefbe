import Avatar from '@mui/material/Avatar';
import type { TPublicProfile } from '@portal/contracts';

type AvatarUser = Pick<TPublicProfile, 'username' | 'first_name' | 'last_name' | 'avatar'>;

function initials(user: AvatarUser): string {
  const fromName = [user.first_name, user.last_name].map((s) => s.trim()[0] ?? '').join('');
  return (fromName || user.username.slice(0, 2)).toUpperCase();
}

// A stable colour per user, so people are recognisable at a glance in lists.
const HUES = [211, 168, 262, 24, 340, 190, 130, 45];
function hue(username: string): number {
  let h = 0;
  for (const ch of username) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return HUES[h % HUES.length]!;
}

/** The user's picture, or their initials on a colour derived from the username. */
export function UserAvatar({ user, size = 40 }: { user: AvatarUser; size?: number }) {
  return (
    <Avatar
      src={user.avatar || undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        color: '#fff',
        bgcolor: `hsl(${hue(user.username)} 55% 33%)`,
      }}
    >
      {initials(user)}
    </Avatar>
  );
}
