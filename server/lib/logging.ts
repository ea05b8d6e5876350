import type { FastifyServerOptions, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** Query parameters that carry a secret (the registry's api_token, e-mailed reset tokens). */
const SECRET_PARAMETER = /([?&][^=&#]*(?:token|password|secret)[^=&#]*=)[^&#]*/gi;

const withoutSecrets = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]');

/**
 * An error as logged: a failed query keeps its SQL but never its parameters (a password hash, a
 * token hash), which Drizzle puts both in `params` and at the end of the message; nor the pg client
 * that node-postgres' pool attaches to a connection's error (its connection parameters, password included).
 */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: Error): LoggedError {
  return withoutParams(pino.stdSerializers.err(error));
}

const stripParams = (text: string): string => text.replace(/\nparams:[^\n]*/g, '');

function withoutParams(serialized: LoggedError): LoggedError {
  const { params: _params, client: _client, cause, ...rest } = serialized;
  const isSerialized = (value: unknown): value is LoggedError =>
    !!value && typeof value === 'object' && typeof (value as LoggedError).message === 'string' && typeof (value as LoggedError).stack === 'string';
  return {
    ...rest,
    message: stripParams(rest.message),
    stack: stripParams(rest.stack),
    ...(cause === undefined ? {} : { cause: isSerialized(cause) ? withoutParams(cause) : cause }),
  };
}

/**
 * Pino options: secrets never logged (headers redacted, secret query parameters masked); in
 * development the log is pretty-printed, so that e-mailed links can be read and followed.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
    ...(config.env === 'development' && !stream ? { transport: prettyTransport } : {}),
  };
}

const prettyTransport = { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } };

/** The log of the cluster's primary (WORKERS > 1), at the workers' level and in their format. */
export const processLogger = (config: Config) => pino({ level: config.logLevel, ...(config.env === 'development' ? { transport: prettyTransport } : {}) });
