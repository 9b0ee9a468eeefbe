export function TicketPage() {
  return null;
}
export function DeskTicketPage() {
  return null;
}
