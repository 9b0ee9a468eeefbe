/**
 * Navigation for code outside the router's tree (toasts are rendered beside it, live
 * listeners run in the store). The router registers itself when created.
 */
let navigator: ((to: string) => void) | null = null;

export function setAppNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

/** Client-side navigation when the router is up; a full load otherwise. */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
