// Finds the system Chromium the e2e suite drives (Playwright's own browser download is never used),
// installing Debian's package when we are root on an apt system. Prints the executable's path.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Flags for a headless Chromium in containers and CI: no sandbox (often root, no user namespaces),
// /tmp instead of a small /dev/shm, and nothing that phones home or varies between runs.
export const chromiumLaunchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// The headless shell first: Chromium's headless-only build, what Playwright itself drives headless. It
// has no browser UI to draw: the e2e suite took about a third less CPU than on the full browser.
const headlessShell = 'chromium-headless-shell';
const fullBrowsers = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium executable to use, or null: CHROMIUM_PATH, else the first of the headless shell (unless
 * `fullBrowser`: Lighthouse measures pages in the browser people use) and then the full browsers, in
 * /usr/bin and then on PATH.
 */
export function findChromium({ fullBrowser = false } = {}) {
  if (process.env.CHROMIUM_PATH) {
    return isExecutable(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  }
  const names = fullBrowser ? fullBrowsers : [headlessShell, ...fullBrowsers];
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const name of names) {
    const found = dirs.map((dir) => path.join(dir, name)).find(isExecutable);
    if (found) return found;
  }
  return null;
}

const howToGetOne = `Chromium was not found. The e2e tests use a system Chromium, never a Playwright download.
  Debian:         sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell
  Ubuntu:         sudo snap install chromium, or Google Chrome's .deb from google.com/chrome
  Fedora:         sudo dnf install -y chromium
  macOS:          brew install --cask chromium
  Or point CHROMIUM_PATH at any Chromium or Chrome executable.`;

function aptGet(...args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
}

/** Debian's chromium, and its headless shell where the release has that package. */
function aptInstall() {
  console.error(
    'ensure-chromium: installing Debian packages "chromium" and "chromium-headless-shell" with apt-get',
  );
  if (!aptGet('update')) return false;
  return aptGet('install', '-y', 'chromium', headlessShell) || aptGet('install', '-y', 'chromium');
}

/** findChromium(), installing it first when possible; throws with instructions otherwise. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.\n${howToGetOne}`);
  }
  const canApt =
    process.getuid?.() === 0 && existsSync('/etc/debian_version') && isExecutable('/usr/bin/apt-get');
  if (canApt && aptInstall()) {
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(howToGetOne);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
