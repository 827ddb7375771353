import { type ErrorCode, errorKey, errorMessage } from '@lotus/contracts/errors';
import { isUnavailableError } from '@lotus/server-common/unavailable';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isBadInputError } from '../db/bad-input.ts';
import { AppError, isAppError } from './app-error.ts';

type ValidationIssue = { instancePath?: string; params?: Record<string, unknown> };

/** Field name of a validation issue: `language`, `types`, `theme.primary`. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const fromPath = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
  const missing = issue.params?.requiredProperties ?? issue.params?.missingProperty;
  const required = Array.isArray(missing) ? missing[0] : missing;
  const name = [fromPath, typeof required === 'string' ? required : ''].filter(Boolean).join('.');
  return name || context || 'request';
}

const MULTIPART_CODES: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: 'upload_too_many',
  FST_REQ_FILE_TOO_LARGE: 'upload_too_large',
  FST_PARTS_LIMIT: 'request_param_err',
  FST_FIELDS_LIMIT: 'request_param_err',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request_param_err',
  FST_PROTO_VIOLATION: 'request_param_err',
};

const MALFORMED_MULTIPART = [
  'Multipart: Boundary not found',
  'Boundary required',
  'The needle cannot',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Malformed part header',
];

/** Maps anything thrown in a request to a catalogue error; unknown faults become system_error. */
export function toAppError(error: FastifyError | Error): AppError {
  if (isAppError(error)) return error;
  const fe = error as FastifyError;
  if (fe.validation) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of fe.validation as ValidationIssue[]) {
      const field = fieldOf(issue, fe.validationContext);
      fieldErrors[field] ??= errorKey('request_param_err');
    }
    return new AppError('request_param_err', { fieldErrors, cause: error });
  }
  // busboy's own errors (no code): a form without a boundary, cut short, or with broken headers.
  if (MALFORMED_MULTIPART.some((m) => error.message.includes(m))) {
    return new AppError('request_param_err', { cause: error });
  }
  const mapped = fe.code ? MULTIPART_CODES[fe.code] : undefined;
  if (mapped) return new AppError(mapped, { cause: error });
  if (fe.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', { cause: error });
  if (fe.statusCode === 404) return new AppError('not_found', { cause: error });
  // Framework-detected client faults: bad JSON, wrong content type, body too large, bad URL.
  if (fe.statusCode !== undefined && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('request_param_err', { cause: error });
  }
  // A value the database refused (out of range, NUL, impossible date) that passed the edge's checks.
  if (isBadInputError(error)) return new AppError('request_param_err', { cause: error });
  // The database is away (restart, failover): a brief 503 the client may retry, no internals.
  if (isUnavailableError(error)) return new AppError('service_unavailable', { cause: error });
  return new AppError('system_error', { cause: error });
}

/** `{{name}}` in a catalogue text takes the refusal's `value.name` (a string), else stays as is. */
export function fillPlaceholders(text: string, value: unknown): string {
  if (typeof value !== 'object' || value === null || !text.includes('{{')) return text;
  const fields = value as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    typeof fields[name] === 'string' ? (fields[name] as string) : whole,
  );
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError) {
  const body: Record<string, unknown> = {
    success: false,
    value: appError.value,
    message: fillPlaceholders(
      errorMessage(appError.code, request.headers.language as string | undefined),
      appError.value,
    ),
    errorCode: appError.code,
  };
  if (appError.detail) body.detail = appError.detail;
  if (appError.fieldErrors) body.fieldErrors = appError.fieldErrors;
  if (appError.fieldMessages) body.fieldMessages = appError.fieldMessages;
  return reply.status(appError.statusCode).send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500 || isBadInputError(error)) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ errorCode: appError.code, reason: error.message }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
}
