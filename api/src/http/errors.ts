/**
 * Domain errors thrown by services and routes; the one error handler turns them into the failure
 * envelope `{ success: false, error, code, details?, requestId }` with their status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Bad request', code = 'BAD_REQUEST', details?: Record<string, string>) {
    super(400, code, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict', code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large', code = 'PAYLOAD_TOO_LARGE') {
    super(413, code, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported media type', code = 'UNSUPPORTED_MEDIA_TYPE') {
    super(415, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    /** Sent as the Retry-After header. */
    readonly retryAfterSeconds: number,
    message = 'Too many requests, please try again later',
    code = 'TOO_MANY_REQUESTS',
  ) {
    super(429, code, message);
  }
}

/** A dependency (mail, storage) failed; `cause` carries the original error for the log. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'Service unavailable, please try again',
    code = 'SERVICE_UNAVAILABLE',
    options?: ErrorOptions,
  ) {
    super(503, code, message, undefined, options);
  }
}
