import type { TTicketUser } from '@portal/contracts';

/** The desk's thread of a ticket (spec §4's toast link). */
export const deskTicketPath = (id: number) => `/dashboard/ticket/${id}`;
/** The owner's thread of a ticket. */
export const ownerTicketPath = (id: number) => `/ticket/${id}`;

/** A person as the thread shows them: full name, else username. */
export function ownerName(user: Pick<TTicketUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}
