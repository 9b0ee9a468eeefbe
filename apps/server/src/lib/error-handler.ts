import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issueMessage, msg, NON_FIELD_ERRORS, type TApiError, type TMessage } from '@portal/contracts';
import { ApiError, isDatabaseUnavailable, serviceUnavailable, type FieldMessages } from './errors.js';

/** Turns a zod validation failure into its messages by field. */
function validationFields(err: FastifyError): FieldMessages {
  const fields: FieldMessages = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const v of err.validation) {
      const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // Issues of the whole body (unknown keys, cross-field refinements without a path) have
      // no field the form could show them under: they go with the form's own errors.
      const key = p || NON_FIELD_ERRORS;
      const issue = { ...(v.params as object), code: v.keyword, message: v.message };
      (fields[key] ??= []).push(issueMessage(issue));
    }
  }
  return fields;
}

/** What Fastify's own refusals (bad JSON, a media type no route reads…) are about, by code. */
function fastifyRefusal(err: FastifyError): TMessage {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return msg('invalidJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return msg('unsupportedMediaType');
    default:
      return err instanceof SyntaxError ? msg('invalidJson') : msg('requestRefused');
  }
}

const INTERNAL_ERROR: TApiError = { message: 'Internal server error.', code: 'internalError' };

/**
 * The API's one error answer (spec §8's shape, plus the message by code): ApiErrors as
 * thrown, zod validation as 400 with its fields, Fastify's own 4xx with their status, a
 * database out of reach as 503, anything else a logged 500 without details.
 */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // Whatever a route had set up for success (text/html, a CSV or PDF attachment), the
  // error answers in the API's JSON shape; else Fastify refuses the object (a raw 500).
  void reply.type('application/json; charset=utf-8').removeHeader('content-disposition');
  if (err instanceof ApiError) {
    if (err.headers) void reply.headers(err.headers);
    return reply.status(err.statusCode).send(err.toBody());
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A path id past its column's range names no record: 404, exactly like a missing one.
    if (err.validation.some((v) => (v.params as { params?: { notFound?: boolean } })?.params?.notFound)) {
      return reply.status(404).send(new ApiError(404, msg('notFound')).toBody());
    }
    const fields = validationFields(err);
    const first = Object.entries(fields)[0];
    const said = first ? msg('fieldProblem', { field: first[0], reason: first[1][0]! }) : msg('invalidRequest');
    return reply.status(400).send(new ApiError(400, said, fields).toBody());
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response did not match its schema');
    return reply.status(500).send(INTERNAL_ERROR);
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, 413, 415…): keep the status and Fastify's
    // English words, in our shape, with a code that says the same in plain words.
    if (status === 413) return reply.status(413).send(new ApiError(413, msg('bodyTooLarge')).toBody());
    return reply
      .status(status)
      .send(new ApiError(status, fastifyRefusal(err), undefined, undefined, err.message).toBody());
  }
  // (After the 4xx branch: a client's own aborted upload is ECONNRESET too, with its 400.)
  if (isDatabaseUnavailable(err)) {
    // The database is down or restarting: a generic 503 (never its address or error);
    // the pool opens fresh connections on the next request, so recovery needs no restart.
    req.log.warn({ err }, 'database unavailable');
    const unavailable = serviceUnavailable();
    return reply.status(503).headers(unavailable.headers!).send(unavailable.toBody());
  }
  req.log.error({ err }, 'request failed');
  return reply.status(500).send(INTERNAL_ERROR);
}

/** The answer for a path no route or file serves. */
export const NOT_FOUND_BODY: TApiError = new ApiError(404, msg('notFound')).toBody();
