// Runs before the bundle (an external file: the server's CSP allows no inline script):
// applies the saved colour mode and language direction at once, so a dark-mode or
// Arabic user never sees a flash of the light, left-to-right page while the app loads.
// Keys must match src/lib/storage.ts.
(function () {
  try {
    var root = document.documentElement;
    var mode = localStorage.getItem('portal.color-mode') || 'light';
    if (mode === 'system') {
      mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.setAttribute('data-color-scheme', mode === 'dark' ? 'dark' : 'light');
    var lang = localStorage.getItem('portal.language');
    if (lang === 'ar') {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
  } catch {
    // No storage: defaults apply.
  }
})();
