#!/usr/bin/env node
// npm run bench:pages — Lighthouse on the production build: home, search and a listing page.
//
// Builds what is stale, starts the built site on loopback with its demo data (as `npm start` does
// on first start), then runs Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) --runs
// times per page and its desktop preset once for layout shift, each run in a fresh headless Chromium
// with an empty cache. Prints the medians and, with --write, records them in docs/benchmarks.md.
// A benchmark, not a test: it asserts nothing, and its figures depend on the machine's load.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import * as prettier from 'prettier';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumLaunchArgs, findChromium } from './ensure-chromium.mjs';
import { buildStale, repoRoot } from './lib/build.mjs';
import { startSite } from './lib/server.mjs';
import { startSmtpCatcher } from './lib/smtp-catcher.mjs';

const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, write: { type: 'boolean', default: false } },
});
const RUNS = Number(options.runs);
// The goals for each page (mobile), and desktop layout shift.
const GOALS = { score: 95, lcpMs: 1800, tbtMs: 150, cls: 0.05, desktopCls: 0.02 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run says nothing
// about the page, so it is made again, a few times at most.
const ATTEMPTS_PER_RUN = 3;

async function lighthouseRun(url, chromePath, config) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseAttempt(url, chromePath, config);
    } catch (error) {
      if (!error.lighthouseRuntimeError || attempt === ATTEMPTS_PER_RUN) throw error;
      console.error(`${error.message} (attempt ${attempt} of ${ATTEMPTS_PER_RUN}, trying again)`);
    }
  }
}

async function lighthouseAttempt(url, chromePath, config) {
  const chrome = await launch({ chromePath, chromeFlags: [...chromiumLaunchArgs, '--headless=new'] });
  try {
    const { lhr } = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
      config,
    );
    if (lhr.runtimeError) {
      throw Object.assign(new Error(`${url}: ${lhr.runtimeError.message}`), { lighthouseRuntimeError: true });
    }
    const audit = (id) => lhr.audits[id].numericValue;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      kb: audit('total-byte-weight') / 1024,
    };
  } finally {
    chrome.kill();
  }
}

async function measure(site, chromePath) {
  const { data } = await (await fetch(`${site.url}/api/search?limit=1&sort=newest`)).json();
  if (!data?.[0]) throw new Error('The site has no listing to measure: is the demo data seeded?');
  const pages = [
    ['`/`', '/'],
    ['`/search`', '/search'],
    ['`/listing/:id`', `/listing/${data[0]._id}`],
  ];
  const rows = [];
  for (const [name, pathname] of pages) {
    const url = site.url + pathname;
    const mobile = [];
    for (let run = 0; run < RUNS; run += 1) mobile.push(await lighthouseRun(url, chromePath));
    const desktop = await lighthouseRun(url, chromePath, desktopConfig);
    const row = {
      name,
      score: median(mobile.map((run) => run.score)),
      lcpMs: median(mobile.map((run) => run.lcpMs)),
      tbtMs: median(mobile.map((run) => run.tbtMs)),
      cls: median(mobile.map((run) => run.cls)),
      desktopCls: desktop.cls,
      kb: median(mobile.map((run) => run.kb)),
    };
    console.log(formatRow(row));
    rows.push(row);
  }
  return rows;
}

const mark = (met) => (met ? '' : ' ✗');
const formatRow = (row) =>
  `| ${row.name} | ${row.score}${mark(row.score >= GOALS.score)} | ${(row.lcpMs / 1000).toFixed(1)} s${mark(row.lcpMs <= GOALS.lcpMs)} | ${Math.round(row.tbtMs)} ms${mark(row.tbtMs <= GOALS.tbtMs)} | ${row.cls.toFixed(3)}${mark(row.cls <= GOALS.cls)} | ${row.desktopCls.toFixed(3)}${mark(row.desktopCls <= GOALS.desktopCls)} | ${Math.round(row.kb)} KB |`;

const HEADER = [
  '| page | score | LCP | TBT | CLS | desktop CLS | transferred |',
  '|---|---|---|---|---|---|---|',
];
const START = '<!-- bench:pages:start -->';
const END = '<!-- bench:pages:end -->';

async function record(rows) {
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const doc = await readFile(file, 'utf8');
  const day = new Date().toISOString().slice(0, 10);
  const block = [
    START,
    `Last run ${day}: Lighthouse mobile preset, median of ${RUNS} runs per page (desktop preset: one run, CLS only), production build, demo data. ✗ marks a figure that misses its goal (score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}, desktop CLS ≤ ${GOALS.desktopCls}).`,
    '',
    ...HEADER,
    ...rows.map(formatRow),
    END,
  ].join('\n');
  const at = doc.indexOf(START);
  const next =
    at >= 0
      ? doc.slice(0, at) + block + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n## Pages on a phone (\`npm run bench:pages\`)\n\n${block}\n`;
  // Formatted as the repository formats Markdown, so `prettier --check` stays clean.
  const prettierOptions = await prettier.resolveConfig(file);
  await writeFile(file, await prettier.format(next, { ...prettierOptions, filepath: file }));
  console.log(`Recorded in ${path.relative(repoRoot, file)}`);
}

const chromePath = findChromium({ fullBrowser: true });
if (!chromePath)
  throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` (or set CHROMIUM_PATH).');
buildStale();
const workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-bench-pages-'));
const catcher = await startSmtpCatcher({ mailDir: path.join(workDir, 'mail') });
const site = await startSite({
  workDir: path.join(workDir, 'site'),
  smtpUrl: catcher.url,
  env: { SEED_ON_START: 'true' },
});
try {
  console.log(HEADER.join('\n'));
  const rows = await measure(site, chromePath);
  if (options.write) await record(rows);
} finally {
  await site.stop();
  await catcher.stop();
  await rm(workDir, { recursive: true, force: true });
}
