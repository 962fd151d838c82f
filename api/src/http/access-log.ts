import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written once it is answered: what was asked (`req`), the answer
 * (`res`) and how long it took, where Fastify writes two (its "incoming request" line carries the
 * request, its "request completed" line only the status). At the default log level the two lines
 * cost a quarter of the guest listing reads a second (docs/benchmarks.md, "Request logs").
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}
