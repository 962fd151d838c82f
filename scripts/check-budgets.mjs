// Bundle budgets, measured as a browser downloads the built site (gzip -9 of every JS response):
//   each remote's remoteEntry.js           <= 10 KB
//   the shell's initial JS on '/'           <= 130 KB (everything '/' loads, remotes excluded)
//   JS a route adds beyond the home set     <= 60 KB (fresh browser per route, remotes included)
// Usage: node scripts/check-budgets.mjs [--write] [--files] [--url http://host:port [--mail-dir dir] [--listing id]]
//   --write  records the figures in docs/benchmarks.md
//   --files  lists the files behind each figure (largest first), to see what a budget is spent on
//   --url    measures a running site instead of starting one; its protected routes are measured
//            only with --mail-dir, the folder its mail catcher writes to (a user signs up with the
//            code mailed there). The e2e suite measures its own site this way (tests/budgets.spec.ts).
//   --listing the listing whose page is measured for /listing/:id (default: the first active listing
//            the site finds, or with none a listing that does not exist). Without --url the check's
//            own site starts with the demo listings.
import { chromium } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as prettier from 'prettier';
import { buildStale, repoRoot } from './lib/build.mjs';
import { remoteShorts, startSite } from './lib/server.mjs';
import { Mailbox, startSmtpCatcher } from './lib/smtp-catcher.mjs';
import { persistedSession, signUpViaApi, uniqueEmail } from './lib/session.mjs';
import { chromiumLaunchArgs, ensureChromium } from './ensure-chromium.mjs';

const KB = 1024;
// The targets are the product's budgets. One is not met yet, the shell's initial JS
// (docs/benchmarks.md, "Where the budgets are not met yet", says why and what would close the gap),
// so until then the check fails at a regression ceiling just above today's figure instead of the
// target, and still names it as over its target. Every other ceiling is its target, so nothing else
// grows past its budget unseen (the figures' history is in docs/benchmarks.md).
const budgets = { remoteEntry: 10 * KB, initial: 130 * KB, route: 60 * KB };
const ceilings = { remoteEntry: 10 * KB, initial: 161 * KB, route: 60 * KB };

// Spec §2: every route; ids that match nothing still load the route's code. The listing page is
// measured on a listing that exists, as buyers load it: the server hands it over with what it shows
// on load, so a guest's browser asks for nothing more (a missing listing's page still does).
const publicRoutes = (listingId) => ['/search', `/listing/${listingId}`, '/login', '/register', '/verify'];
const protectedRoutes = [
  '/dashboard',
  '/profile',
  '/favorites',
  '/moderation',
  '/create-listing',
  `/edit-listing/${randomUUID()}`,
  '/messages',
  `/messages/${randomUUID()}`,
];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Loads `url` in a fresh browser context and returns every JS response as URL → gzip size. */
async function scriptsLoaded(browser, url, storageState) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const sizes = new Map();
  const pending = [];
  let closing = false;
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    pending.push(
      response.body().then(
        (body) => sizes.set(response.url(), gzipSize(body)),
        // Closing the context fails the reads still under way; any other failure is real.
        (error) => {
          if (!closing) throw error;
        },
      ),
    );
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  // A page the server refused (a 503 under load) loads no JS and would pass any budget. A 404 (a
  // listing id that matches nothing) still loads the route's code.
  if (!response || response.status() >= 500) throw new Error(`${url} answered ${response?.status()}`);
  // Response events still arrive while the first bodies are read: wait until no new one came.
  for (let read = 0; read < pending.length;) {
    const count = pending.length;
    await Promise.all(pending.slice(read));
    read = count;
  }
  closing = true;
  await context.close();
  return sizes;
}

/** `chosen`, else the first active listing the site finds, else an id that matches nothing. */
async function listingToMeasure(baseURL, chosen) {
  if (chosen) return chosen;
  const response = await fetch(`${baseURL}/api/search`);
  if (!response.ok) throw new Error(`/api/search answered ${response.status}`);
  const { data } = await response.json();
  return data[0]?._id ?? randomUUID();
}

async function measure(baseURL, session, listingId) {
  const rows = [];
  const check = (what, files, kind) => {
    const bytes = files.reduce((sum, [, size]) => sum + size, 0);
    rows.push({
      what,
      bytes,
      files: files.toSorted(([, a], [, b]) => b - a),
      budget: budgets[kind],
      ok: bytes <= budgets[kind],
      withinCeiling: bytes <= ceilings[kind],
    });
  };

  for (const short of remoteShorts) {
    const response = await fetch(`${baseURL}/remotes/${short}/remoteEntry.js`);
    if (!response.ok) throw new Error(`/remotes/${short}/remoteEntry.js answered ${response.status}`);
    const entry = Buffer.from(await response.arrayBuffer());
    check(`mfe-${short} remoteEntry.js`, [[response.url, gzipSize(entry)]], 'remoteEntry');
  }

  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumLaunchArgs });
  try {
    const home = await scriptsLoaded(browser, `${baseURL}/`);
    const initial = [...home].filter(([url]) => !new URL(url).pathname.startsWith('/remotes/'));
    check("shell initial JS ('/')", initial, 'initial');

    const storageState = session && {
      cookies: [],
      origins: [
        { origin: baseURL, localStorage: [{ name: 'auth-storage', value: persistedSession(session) }] },
      ],
    };
    const routes = [...publicRoutes(listingId), ...(session ? protectedRoutes : [])];
    for (const route of routes) {
      const loaded = await scriptsLoaded(
        browser,
        `${baseURL}${route}`,
        protectedRoutes.includes(route) ? storageState : undefined,
      );
      const added = [...loaded].filter(([url]) => !home.has(url));
      const name = route.replace(/[0-9a-f-]{36}/, ':id');
      check(`${name} (added JS)`, added, 'route');
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const verdict = (ok, withinCeiling) =>
  ok ? 'ok' : withinCeiling ? 'OVER TARGET (below the regression ceiling)' : 'OVER CEILING';

/** What a built file holds, from its source map: the packages (or the app's folders) it bundles. */
async function contents(url) {
  const response = await fetch(`${url}.map`);
  if (!response.ok) return '';
  const { sources = [] } = await response.json();
  const origins = new Set(
    sources.map((source) => {
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      return inPackage
        ? inPackage[1]
        : source
            .replace(/^webpack:\/\/[^/]*\/(\.\.\/)*/, '')
            .split('/')
            .slice(0, 2)
            .join('/');
    }),
  );
  return [...origins].join(', ');
}

async function table(rows, withFiles) {
  const width = Math.max(...rows.map((row) => row.what.length));
  const lines = [];
  for (const { what, bytes, budget, ok, withinCeiling, files } of rows) {
    lines.push(
      `${what.padEnd(width)}  ${kb(bytes).padStart(9)}  ${kb(budget).padStart(9)}  ${verdict(ok, withinCeiling)}`,
    );
    if (!withFiles) continue;
    for (const [url, size] of files) {
      lines.push(`    ${kb(size).padStart(9)}  ${new URL(url).pathname}  ${await contents(url)}`);
    }
  }
  return [`${'what'.padEnd(width)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}`, ...lines].join('\n');
}

async function writeBenchmarks(rows) {
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const start = '<!-- budgets:start -->';
  const end = '<!-- budgets:end -->';
  const section = [
    start,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node scripts/check-budgets.mjs --write\` (1 KB = 1024 bytes, gzip -9).`,
    '',
    '| what | gzip | budget | |',
    '|---|---:|---:|---|',
    ...rows.map(
      ({ what, bytes, budget, ok }) => `| ${what} | ${kb(bytes)} | ${kb(budget)} | ${ok ? 'ok' : 'over'} |`,
    ),
    end,
  ].join('\n');
  const current = await readFile(file, 'utf8').catch(
    () => `# Benchmarks\n\n## Bundle budgets\n\n${start}\n${end}\n`,
  );
  const updated = current.replace(new RegExp(`${start}[\\s\\S]*${end}`), section);
  // Formatted as the repository formats Markdown, so `prettier --check` stays clean.
  const options = await prettier.resolveConfig(file);
  await writeFile(file, await prettier.format(updated, { ...options, filepath: file }));
  console.log(`budgets: figures written to ${path.relative(repoRoot, file)}`);
}

const { values } = parseArgs({
  options: {
    write: { type: 'boolean' },
    files: { type: 'boolean' },
    url: { type: 'string' },
    'mail-dir': { type: 'string' },
    listing: { type: 'string' },
  },
});

let rows;
// Printed while the site still runs: the file listing reads the source maps from it.
let report;
if (values.url) {
  const baseURL = values.url.replace(/\/$/, '');
  const mailDir = values['mail-dir'];
  const session =
    mailDir &&
    (await signUpViaApi({ baseURL, mailbox: new Mailbox(mailDir), email: uniqueEmail('budgets') }));
  rows = await measure(baseURL, session, await listingToMeasure(baseURL, values.listing));
  report = await table(rows, values.files);
} else {
  buildStale();
  const workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-budgets-'));
  const catcher = await startSmtpCatcher({ mailDir: path.join(workDir, 'mail') });
  let site;
  try {
    site = await startSite({ workDir, smtpUrl: catcher.url, env: { SEED_ON_START: 'true' } });
    const mailbox = new Mailbox(path.join(workDir, 'mail'));
    const session = await signUpViaApi({ baseURL: site.url, mailbox, email: uniqueEmail('budgets') });
    rows = await measure(site.url, session, await listingToMeasure(site.url, values.listing));
    report = await table(rows, values.files);
  } finally {
    await site?.stop();
    await catcher.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

console.log(report);
if (values.write) await writeBenchmarks(rows);
const overTarget = rows.filter((row) => !row.ok);
if (overTarget.length > 0) {
  console.warn(`budgets: ${overTarget.length} over target: ${overTarget.map((row) => row.what).join(', ')}`);
}
const overCeiling = rows.filter((row) => !row.withinCeiling);
if (overCeiling.length > 0) {
  console.error(
    `budgets: ${overCeiling.length} over the ceiling: ${overCeiling.map((row) => row.what).join(', ')}`,
  );
  process.exit(1);
}
console.log(
  `budgets: ${rows.length - overTarget.length} of ${rows.length} within target, none over the ceiling`,
);
