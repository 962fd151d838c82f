// Runs before first paint (a blocking script in <head>), so a dark page never flashes light: the
// theme the app stored under 'theme', dark unless it says light. React keeps <html> in sync later.
// A file rather than an inline script, because the site's Content-Security-Policy allows 'self' only.
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
