import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Which build of React a server process loads, after the server's first import, given NODE_ENV. */
function serverProcess(nodeEnv: string | undefined): { reactBuild: string; configuredNodeEnv: string } {
  const { NODE_ENV: _ignored, ...env } = process.env;
  const script = `
    const { configuredNodeEnv } = await import('./src/site/production-libraries.ts');
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    require('react');
    const loaded = Object.keys(require.cache).find((file) => /react[.](production|development)/.test(file));
    console.log(JSON.stringify({ reactBuild: /production|development/.exec(loaded)[0], configuredNodeEnv: String(configuredNodeEnv) }));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiDir,
    env: nodeEnv === undefined ? env : { ...env, NODE_ENV: nodeEnv },
  });
  return JSON.parse(output.toString()) as { reactBuild: string; configuredNodeEnv: string };
}

describe('the server process', () => {
  it('renders with React’s production build when NODE_ENV is unset, and its configuration still sees it unset', () => {
    expect(serverProcess(undefined)).toEqual({ reactBuild: 'production', configuredNodeEnv: 'undefined' });
  });

  it('keeps React’s development build, with its checks, under tests', () => {
    expect(serverProcess('test')).toEqual({ reactBuild: 'development', configuredNodeEnv: 'test' });
  });
});
