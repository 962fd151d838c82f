import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection through the proxy and refuses new ones, as an unreachable server does. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 to `target`: a real network path to a real server (PostgreSQL) that a
 * test can cut and restore, to see what the app does while it cannot reach it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const [from, to] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          sockets.add(from);
          from.on('error', () => to.destroy());
          from.on('close', () => {
            sockets.delete(from);
            to.destroy();
          });
          from.pipe(to);
        }
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        port = (relay.address() as { port: number }).port;
        server = relay;
        resolve();
      });
    });

  const cut = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return { port, cut, restore: listen, close: cut };
}
