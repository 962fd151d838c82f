import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { AppError, NotFoundError, TooManyRequestsError } from './errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';

export interface FailureBody {
  success: false;
  error: string;
  code: string;
  details?: Record<string, string>;
  /** The request's id (also its X-Request-Id header), for support to find its log lines. */
  requestId?: string;
}

export function failure(
  error: string,
  code: string,
  { details, requestId }: { details?: Record<string, string>; requestId?: string } = {},
): FailureBody {
  return {
    success: false,
    error,
    code,
    ...(details ? { details } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** Field path → first message, e.g. { email: 'Invalid email', 'price.amount': '…' }. */
function validationDetails(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const details: Record<string, string> = {};
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    details[field] ??= issue.message ?? 'Invalid value';
  }
  return details;
}

// Fastify's own client errors (body parsing, content type, limits) keep their status and message,
// which say nothing about the server's internals.
const FASTIFY_CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/**
 * The multipart parser (busboy, under @fastify/multipart) rejects a body that does not match its
 * boundary or ends early with plain Errors that carry no status: they are the client's, not ours.
 */
function isMultipartParserError(error: Error): boolean {
  return (
    !('statusCode' in error && error.statusCode) && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')
  );
}

/**
 * Headers that describe a file's body. A file sent as a stream (@fastify/static) whose opening fails
 * reaches the error handler with them already on the response: Fastify copies a stream's headers
 * there before piping it, and a Content-Type left there (image/webp) would stop the envelope from
 * being serialized (FST_ERR_REP_INVALID_PAYLOAD_TYPE). None of them describe the envelope.
 */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
];

/**
 * A file that was there when it was looked up and gone when it was opened: deleted in between (a
 * photo deleted while a page still fetches it). As missing as one that was never there.
 */
function isVanishedFile(error: Error & { code?: string; syscall?: string }): boolean {
  return error.code === 'ENOENT' && error.syscall === 'open';
}

/**
 * Another plugin's 4xx (a multipart limit, a forbidden static path) by its status alone, in the
 * status's own words, which say nothing of the server: 413 → 'Payload too large', PAYLOAD_TOO_LARGE.
 */
function statusFailure(status: number): { text: string; code: string } {
  const words = STATUS_CODES[status] ?? 'Bad Request';
  return {
    text: words.charAt(0) + words.slice(1).toLowerCase(),
    code: words.toUpperCase().replace(/[^A-Z]+/g, '_'),
  };
}

/** How soon a client may retry after the database went away (it reconnects as soon as it is back). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one error handler: every failure leaves the server as the envelope, never with internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((thrown, request, reply) => {
    for (const header of FILE_HEADERS) reply.removeHeader(header);
    const error = isVanishedFile(thrown) ? new NotFoundError() : thrown;

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(failure(error.message, error.code, { details: error.details, requestId: request.id }));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      const [firstMessage] = Object.values(details);
      return reply.status(400).send(
        failure(firstMessage ?? 'Validation failed', 'VALIDATION_ERROR', {
          details,
          requestId: request.id,
        }),
      );
    }

    const clientCode = FASTIFY_CLIENT_ERROR_CODES[error.code];
    if (clientCode && error.statusCode) {
      return reply
        .status(error.statusCode)
        .send(failure(error.message, clientCode, { requestId: request.id }));
    }

    if (isMultipartParserError(error)) {
      request.log.info({ err: error }, 'malformed multipart body');
      return reply.status(400).send(
        failure('The upload could not be read; please send it again', 'MALFORMED_MULTIPART', {
          requestId: request.id,
        }),
      );
    }

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      const { text, code } = statusFailure(error.statusCode);
      return reply.status(error.statusCode).send(failure(text, code, { requestId: request.id }));
    }

    if (isDatabaseUnavailable(error)) {
      // An outage, not a defect: the client may send the request again (reads and idempotent
      // writes as they are; the transaction of a failed write was rolled back with its connection).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          failure('The service is briefly unavailable, please try again', 'DATABASE_UNAVAILABLE', {
            requestId: request.id,
          }),
        );
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(failure('Internal server error', 'INTERNAL_ERROR', { requestId: request.id }));
  });
}

/**
 * For Fastify's `frameworkErrors` option: requests rejected before routing (an undecodable URL, an
 * oversized path parameter) get the same envelope.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(error.statusCode ?? 400)
    .header(REQUEST_ID_HEADER, request.id)
    .send(failure('Bad request', 'BAD_REQUEST', { requestId: request.id }));
}

// Errors of Node's HTTP parser, before any request exists (an oversized URL or header, a request
// line that is not HTTP), by their code.
const PARSER_ERRORS: Record<string, { status: number; error: string; code: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: 'The request URL or headers are too large',
    code: 'HEADERS_TOO_LARGE',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'The request took too long to arrive',
    code: 'REQUEST_TIMEOUT',
  },
};

/**
 * For Fastify's `clientErrorHandler` option: what the HTTP parser refuses is answered in the
 * envelope too, on the raw socket (there is no request or reply yet), and the connection closed.
 */
export function sendClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = PARSER_ERRORS[error.code ?? ''] ?? { status: 400, error: 'Bad request', code: 'BAD_REQUEST' };
  if (socket.writable) socket.write(rawFailureAnswer(known.status, failure(known.error, known.code)));
  socket.destroy(error);
}

/** A whole HTTP answer carrying the envelope, for a raw socket that has no reply to send it with. */
export function rawFailureAnswer(status: number, body: FailureBody): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`
  );
}
