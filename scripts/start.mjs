// `npm start`: build whatever is missing or stale, then run the production server in the foreground.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { buildStale, repoRoot } from './lib/build.mjs';
import { serverEntry, serverEnvironment, serverNodeOptions } from './lib/server.mjs';

try {
  buildStale();
} catch (error) {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
console.log(`npm start: serving CarMarket on http://localhost:${port}`);
const server = spawn(process.execPath, [...serverNodeOptions, path.relative(repoRoot, serverEntry)], {
  cwd: repoRoot,
  env: { ...serverEnvironment, ...process.env },
  stdio: 'inherit',
  // Its own process group, so Ctrl-C reaches it once (forwarded below) rather than twice.
  detached: true,
});

// The server owns shutdown (closing the database cleanly), so signals are passed on, not acted on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + constants.signals[signal]));
