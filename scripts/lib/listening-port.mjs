// The port a server process reports once it listens (api/src/server.ts sends `{ listening: port }`
// over the IPC channel its parent gave it). Not a port found free beforehand: another process could
// take it first, and the caller would then talk to that process.
import { createServer } from 'node:net';

/**
 * Resolves with the reported port; rejects if the process exits or `timeoutMs` passes first.
 * @param {import('node:child_process').ChildProcess} child spawned with an 'ipc' stdio entry and PORT=0
 * @param {number} timeoutMs
 * @returns {Promise<number>}
 */
export function listeningPort(child, timeoutMs) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (typeof message?.listening === 'number') settle(() => resolve(message.listening));
    };
    const onExit = (code, signal) => settle(() => reject(new Error(`it exited with ${code ?? signal}`)));
    const timer = setTimeout(
      () => settle(() => reject(new Error(`no port reported within ${timeoutMs} ms`))),
      timeoutMs,
    );
    function settle(outcome) {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
      outcome();
    }
    child.on('message', onMessage).once('exit', onExit);
  });
}

/**
 * A port nobody listens on right now, for a server that must be told its port before it starts (a
 * stand-in, or a restart on the same address). Another process may take it in between: a server of
 * ours starts on port 0 and reports its port instead (listeningPort).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}
