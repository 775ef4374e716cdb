/**
 * The server's pino options. Secrets (tokens, invites, seeds) are never passed to the logger on purpose;
 * redaction is the second line of defence, and request URLs are logged without their query string,
 * because a page link carries an invite code (`/play/<id>?invite=...`).
 */
import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { ServerConfig } from './config.ts';

export const REDACTED_PATHS = [
  'token',
  'seed',
  'invite',
  'options.seed',
  '*.token',
  '*.seed',
  '*.invite',
  '*.tokenHash',
  '*.inviteHash',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.headers["set-cookie"]',
];

interface RequestLike {
  readonly method: string;
  readonly url: string;
  readonly ip?: string;
}

export function loggerOptions(config: ServerConfig): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[secret]' },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: withoutQuery(request.url),
        ...(request.ip === undefined ? {} : { remoteAddress: request.ip }),
      }),
    },
    ...(config.logStream === undefined ? {} : { stream: config.logStream }),
  };
}

/** `/play/abc?invite=xyz` -> `/play/abc` */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}
