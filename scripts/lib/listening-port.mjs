// The port a server process reports once it listens (api/src/server.ts sends `{ listening: port }`
// over the IPC channel its parent gave it). Not a port found free beforehand: another process could
// take it first, and the caller would then talk to that process.

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
