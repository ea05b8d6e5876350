import type { FastifyServerOptions, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Query parameters that carry a secret (the registry's api_token, e-mailed reset tokens). */
const SECRET_PARAMETER = /([?&][^=&#]*(?:token|password|secret)[^=&#]*=)[^&#]*/gi;

export const withoutSecrets = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]');

/**
 * Pino options: secrets never logged (headers redacted, secret query parameters masked); in
 * development the log is pretty-printed, so that e-mailed links can be read and followed.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
    ...(config.env === 'development' && !stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
