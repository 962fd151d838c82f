// Runs before first paint (a blocking script in <head>), so a dark page never flashes light: the
// theme the app stored under 'theme', dark unless it says light. React keeps <html> in sync later.
// The API's server puts it into each page (api/src/site/inline-theme-script.ts), the CSP allowing it by
// its hash, so first paint waits for no request; the dev server and standalone pages load the file.
(function () {
  var theme = 'dark';
  try {
    if (localStorage.getItem('theme') === 'light') theme = 'light';
  } catch {
    // Storage blocked: the default applies.
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
