import type { FastifyServerOptions, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** The registry's api_token, e-mailed reset tokens. */
const SECRET_PARAMETER = /([?&][^=&#]*(?:token|password|secret)[^=&#]*=)[^&#]*/gi;

const withoutSecrets = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]');

/**
 * Drizzle puts a failed query's parameters (a password hash, a token hash) in `params` and at the end of the message;
 * node-postgres' pool attaches the pg client (its password included) to a connection's error: both are dropped.
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

/** Pretty-printed in development, so that e-mailed links can be read and followed. */
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

/** The cluster primary's log (WORKERS > 1), in the workers' level and format. */
export const processLogger = (config: Config) => pino({ level: config.logLevel, ...(config.env === 'development' ? { transport: prettyTransport } : {}) });
