/** Placeholder until the desk queue lands (being built now). */
export function DeskPage() {
  return null;
}
