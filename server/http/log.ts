/**
 * Structured logs: one JSON object per line on stdout (pino). Anything that comes from a request is a field
 * of that object, JSON-escaped, never concatenated into the message, so no request can forge a log line.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

/** What the API writes its logs through; a pino logger, injected via AppDeps so tests can capture it. */
export type Log = Pick<Logger, 'error' | 'warn' | 'info'>;

export function createLog(destination?: DestinationStream): Logger {
  return destination ? pino({ base: undefined }, destination) : pino({ base: undefined });
}
