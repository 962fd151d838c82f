// A worker thread of `npm run bench:server`: connects one socket per token to the API at once
// (`handshakes` in flight), counts the presence frames they receive, and closes them when told.
// It runs on an event loop of its own, so the benchmark's thread that times message delivery is not
// held up by the burst's own work (5,000 clients' handshakes and frames), which it would measure.
import { parentPort, workerData } from 'node:worker_threads';
import { io as connectSocket } from 'socket.io-client';

const { base, tokens, handshakes } = workerData;
const sockets = [];
let frames = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: handshakes }, async () => {
    while (next < tokens.length) {
      const socket = connectSocket(base, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: tokens[next++] },
        reconnection: false,
      });
      socket.on('user-status-changed', () => (frames += 1));
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    }
  }),
);
parentPort.postMessage({ connected: true, seconds: (performance.now() - started) / 1000 });
parentPort.once('message', () => {
  sockets.forEach((socket) => socket.close());
  parentPort.postMessage({ frames });
  parentPort.close();
});
