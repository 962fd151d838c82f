import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import axios from 'axios';
import { browserStandIns } from './browser-stand-ins.js';

// The stand-ins must keep up with the libraries installed: a newer version that moves a replaced
// module, or reads another name from it, fails here rather than in a browser.
const require = createRequire(import.meta.url);
const packageDir = (pkg: string, from = import.meta.url) =>
  path.dirname(createRequire(from).resolve(`${pkg}/package.json`));
// Each library's package, and the folder of the ESM build a browser build bundles.
const libraries = [
  { packageDir: packageDir('axios'), build: 'lib' },
  { packageDir: packageDir('engine.io-client', require.resolve('socket.io-client')), build: 'build/esm' },
];

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** The package's "browser" field: the file a browser build bundles in place of another. */
function browserFileOf(libraryDir: string) {
  const { browser = {} } = JSON.parse(readFileSync(path.join(libraryDir, 'package.json'), 'utf8')) as {
    browser?: Record<string, string | false>;
  };
  const swaps = new Map(
    Object.entries(browser).map(([from, to]) => [
      path.join(libraryDir, from),
      to && path.join(libraryDir, to),
    ]),
  );
  return (file: string) => (swaps.has(file) ? swaps.get(file) : file);
}

const IMPORT = /(?:import|export)\s*(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s*from\s*["'](\.[^"']+)["']/g;

/** Each name a library's files read from the modules `replaced` matches, as a browser build resolves them. */
function namesReadFrom(replaced: RegExp) {
  const replacedFiles = new Set<string>();
  const names = new Set<string>();
  for (const { packageDir: libraryDir, build } of libraries) {
    const browserFile = browserFileOf(libraryDir);
    // A file the browser build swaps for another is never bundled.
    for (const file of jsFiles(path.join(libraryDir, build)).filter((file) => browserFile(file) === file)) {
      const source = readFileSync(file, 'utf8');
      for (const [, namespace, list = '', specifier = ''] of source.matchAll(IMPORT)) {
        const target = browserFile(path.resolve(path.dirname(file), specifier));
        if (!target || !replaced.test(target)) continue;
        replacedFiles.add(target);
        const read = namespace
          ? [...source.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g'))].map((match) => match[1] ?? '')
          : list.split(',').map((item) => item.trim().split(/\s+as\s+/)[0] ?? '');
        read.filter(Boolean).forEach((name) => names.add(name));
      }
    }
  }
  return { replacedFiles, names };
}

describe('the browser builds’ stand-ins', () => {
  it.each(browserStandIns.map((entry) => ({ ...entry, name: path.basename(entry.standIn) })))(
    '$name exports every name the library reads from the modules it replaces',
    async ({ module, standIn }) => {
      const { replacedFiles, names } = namesReadFrom(module);
      expect(replacedFiles.size).toBeGreaterThan(0);
      const exported = Object.keys(await import(standIn.replace(/\.js$/, '.ts')));
      expect(exported).toEqual(expect.arrayContaining([...names]));
    },
  );

  it("keeps axios's fetch adapter out of the way: axios tries XMLHttpRequest first", async () => {
    expect(axios.defaults.adapter).toEqual(['xhr', 'http', 'fetch']);
    const { getFetch } = await import('../stand-ins/axios-fetch-adapter.js');
    expect(getFetch()).toBe(false);
  });
});
