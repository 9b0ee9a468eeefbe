import type { TTicketUser } from '@portal/contracts';

/** The desk's thread of a ticket (spec §4's toast link). */
export const deskTicketPath = (id: number) => `/dashboard/ticket/${id}`;
/** The owner's thread of a ticket. */
export const ownerTicketPath = (id: number) => `/ticket/${id}`;

/** A person as the thread shows them: full name, else username. */
export function ownerName(user: Pick<TTicketUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** 1536 → "1.5 KB": sizes beside file names. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Wraps a value interpolated into a translated sentence in Unicode isolates (FSI…PDI),
 * so a Latin name or a date keeps its shape inside right-to-left text. Only there: in
 * the left-to-right UI they would add nothing but invisible characters to copied text.
 */
export const isolate = (text: string) => (document.documentElement.dir === 'rtl' ? `\u2068${text}\u2069` : text);

/** Minutes a ticket has waited for the desk, when beyond the threshold. */
export function overdueMinutes(waitingSince: string | null, thresholdMinutes: number, now = Date.now()): number | null {
  if (!waitingSince) return null;
  const minutes = (now - Date.parse(waitingSince)) / 60_000;
  return minutes > thresholdMinutes ? minutes : null;
}
