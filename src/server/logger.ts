/** The server's log: one line per event on stdout/stderr. Tests pass a silent one. */
export interface Logger {
  info: (message: string) => void;
  error: (message: string, error?: unknown) => void;
}

/**
 * Lines of one turn of the event loop go out in one write: under load a write per request line
 * cost the server a system call per answer. Errors flush what waits first and go out at once;
 * what waits at exit is written then.
 */
let waiting: string[] = [];
function flush() {
  if (waiting.length === 0) return;
  const text = waiting.join('');
  waiting = [];
  process.stdout.write(text);
}
let flushOnExit = false;

export const consoleLogger: Logger = {
  info: (message) => {
    if (waiting.length === 0) setImmediate(flush);
    if (!flushOnExit) {
      flushOnExit = true;
      process.once('exit', flush);
    }
    waiting.push(`${message}\n`);
  },
  error: (message, error) => {
    flush();
    console.error(message, error === undefined ? '' : describeError(error));
  },
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };

/**
 * Text from a caller cut to a length a log can take: a 1 MB path, or a database error quoting a
 * 1 MB value it was given, writes a line, not a megabyte.
 */
export function cutForLog(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

const MAX_MESSAGE = 1_000;
const STACK_FRAMES = 12;

/** An error as a bounded text: its message and its cause's (cut), and where it was thrown. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return cutForLog(String(error), MAX_MESSAGE);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '));
  const cause =
    error.cause instanceof Error
      ? `\n  caused by: ${cutForLog(error.cause.message, MAX_MESSAGE)}`
      : '';
  return [
    `${error.name}: ${cutForLog(error.message, MAX_MESSAGE)}${cause}`,
    ...frames.slice(0, STACK_FRAMES),
  ].join('\n');
}
