import type { TTicketUser } from '@portal/contracts';

/** The desk's thread of a ticket (spec §4's toast link). */
export const deskTicketPath = (id: number) => `/dashboard/ticket/${id}`;
/** The owner's thread of a ticket. */
export const ownerTicketPath = (id: number) => `/ticket/${id}`;

/** A person as the thread shows them: full name, else username. */
export function ownerName(user: Pick<TTicketUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
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
