import { afterEach, expect, test } from '@jest/globals';
import { SERVER_STATE_ELEMENT_ID, SESSION_STORAGE_KEY } from '@carmarket/shared';
import { waitFor } from '@testing-library/react';

// public/start-shell.js, as the page runs it: inline at the end of <body>, after #root and the
// server's state. Read with Node's fs, which the front ends' browser-only types do not describe.
const nodeFs: string = 'node:fs';
const { readFileSync } = (await import(nodeFs)) as {
  readFileSync: (file: URL, encoding: 'utf8') => string;
};
const source = readFileSync(new URL('../../public/start-shell.js', import.meta.url), 'utf8');

const shellScripts = () =>
  [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

/** A server-rendered page whose first photo is still loading; `photoDecoded` lets it arrive. */
function servedPage({ theme = 'dark' } = {}) {
  let photoDecoded!: () => void;
  const decode = new Promise<void>((resolve) => (photoDecoded = resolve));
  document.documentElement.className = 'dark';
  document.body.innerHTML = `<div id="root"><img fetchpriority="high" src="/car-800.webp" /></div>
    <script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">{"theme":"${theme}"}</script>
    <script data-src="/main.0123abcd.js"></script>`;
  const photo = document.querySelector('img')!;
  photo.decode = () => decode;
  const tag = document.body.querySelector('script[data-src]')!;
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  new Function(source)();
  return { photoDecoded };
}

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});

test("a guest's page asks for the shell's script once its first photo is decoded", async () => {
  const page = servedPage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(shellScripts()).toEqual([]);
  page.photoDecoded();
  await waitFor(() => expect(shellScripts()).toEqual(['/main.0123abcd.js']));
});

test("a signed-in user's page, rendered anew over the server's, asks for it at once", () => {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { user: { _id: 'u1' } }, version: 0 }));
  servedPage();
  expect(shellScripts()).toEqual(['/main.0123abcd.js']);
});

test("a page in another theme than the server's asks for it at once", () => {
  servedPage({ theme: 'light' });
  expect(shellScripts()).toEqual(['/main.0123abcd.js']);
});
