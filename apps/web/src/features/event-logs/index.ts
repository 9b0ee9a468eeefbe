// The event-logs feature's public surface: nothing other features or app/ use. Its page
// is lazy-loaded by app/router.tsx straight from pages/ (a route chunk of its own).
export {};
