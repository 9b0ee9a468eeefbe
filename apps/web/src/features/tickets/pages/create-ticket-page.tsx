export function CreateTicketPage() {
  return null;
}
