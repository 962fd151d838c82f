import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from './errors.js';

export interface FailureBody {
  success: false;
  error: string;
  code: string;
  details?: Record<string, string>;
}

function failure(error: string, code: string, details?: Record<string, string>): FailureBody {
  return details ? { success: false, error, code, details } : { success: false, error, code };
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

/** The one error handler: every failure leaves the server as the envelope, never with internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(failure(error.message, error.code, error.details));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      const [firstMessage] = Object.values(details);
      return reply
        .status(400)
        .send(failure(firstMessage ?? 'Validation failed', 'VALIDATION_ERROR', details));
    }

    const clientCode = FASTIFY_CLIENT_ERROR_CODES[error.code];
    if (clientCode && error.statusCode) {
      return reply.status(error.statusCode).send(failure(error.message, clientCode));
    }

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send(failure('Bad request', 'BAD_REQUEST'));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('Internal server error', 'INTERNAL_ERROR'));
  });
}

/**
 * For Fastify's `frameworkErrors` option: requests rejected before routing (an undecodable URL, an
 * oversized path parameter) get the same envelope.
 */
export function sendFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send(failure('Bad request', 'BAD_REQUEST'));
}
