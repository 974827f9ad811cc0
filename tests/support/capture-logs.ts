import { Writable } from 'node:stream';

export interface CapturedLogs {
  stream: Writable;
  lines: () => Record<string, unknown>[];
  text: () => string;
}

/** A pino destination that keeps every line, so tests can assert what an operator would read in the logs. */
export function captureLogs(): CapturedLogs {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
