// Starts the shell's scripts (the tag's data-src, space-separated) once the page's first photo is on
// screen: a server-rendered page is whole without them, and on a phone they competed with that photo
// for the connection and then held its paint behind their parsing (search's largest paint on
// Lighthouse's phone: 1.6–2.6 s before, 1.1 s after; docs/benchmarks.md). A page without such a photo,
// or whose photo fails, starts at once; one still loading after 3 s no longer waits. Server-rendered
// controls stay disabled until hydrated, so nothing is lost to an early click.
// A page the shell renders anew rather than hydrates (a signed-in user's, or another theme than the
// server's: bootstrap.tsx) starts at once too: what was done on the server's markup meanwhile, such
// as a section opened, would be lost when it is replaced.
// The API's server puts it into each page as the theme script (api/src/site/inline-scripts.ts).
(function () {
  function rendersAnew() {
    try {
      // Element id and storage key: SERVER_STATE_ELEMENT_ID and SESSION_STORAGE_KEY (@carmarket/shared).
      var served = JSON.parse(document.getElementById('carmarket-server-state').textContent);
      var session = JSON.parse(localStorage.getItem('auth-storage') || 'null');
      // theme-init.js has put the stored theme on <html>.
      var theme = document.documentElement.classList.contains('dark') ? 'dark' : 'light';
      return Boolean(session && session.state && session.state.user) || served.theme !== theme;
    } catch {
      return true;
    }
  }

  var sources = (document.currentScript.getAttribute('data-src') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    sources.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      // In order, as the deferred scripts they replace.
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var photo = document.querySelector('#root img[fetchpriority="high"]');
  if (!photo || !photo.decode || rendersAnew()) return start();
  // Decoded, then one frame: the photo is painted before the scripts are even asked for.
  photo.decode().then(function () {
    requestAnimationFrame(function () {
      setTimeout(start);
    });
  }, start);
  setTimeout(start, 3000);
})();
