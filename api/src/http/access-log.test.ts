import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLog } from './access-log.js';

describe('the access log', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      logController: new AccessLog(),
    });
    app.get('/api/listings/:id', async () => ({ success: true }));
    app.get('/api/broken', async () => {
      throw new Error('database down');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(() => app.close());

  const requestLines = () => lines.filter((line) => line.reqId !== undefined);

  it('writes one line a request, once answered, with what was asked, the status and the time', async () => {
    lines.length = 0;
    const { port } = app.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/api/listings/42?view=1`)).status).toBe(200);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/listings/42?view=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('names the request in the line of an answer that failed', async () => {
    lines.length = 0;
    const { port } = app.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/api/broken`)).status).toBe(500);
    const completed = requestLines().filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/broken' }),
        res: { statusCode: 500 },
      }),
    ]);
  });
});
