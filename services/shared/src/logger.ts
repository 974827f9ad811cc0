import { destination as fileDestination, pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/**
 * Paths whose values must never reach a log line: credentials, tokens and the e-mail confirmation secrets.
 * pino's redaction is path based, so request bodies and headers are listed explicitly.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.token',
];

export interface LoggerSettings {
  name: string;
  level: string;
  /** Destination stream; tests pass one to read the log lines back. */
  destination?: DestinationStream;
}

export function createLogger({ name, level, destination }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    name,
    level,
    base: { service: name },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // Asynchronous, batched stdout: one write(2) per 4 kB of lines (about twenty requests) instead of one per line,
  // which was a tenth of a busy process's CPU (docs/performance.md). A quiet process still shows its lines within
  // 200 ms, and pino flushes what is pending when the process exits; only SIGKILL can lose the last <4 kB.
  return pino(options, destination ?? fileDestination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
}
