import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  FullResult,
  Reporter,
  TestCase,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';
import { E2E_LOG_DIR } from './server-log.ts';

/** Steps and gaps at least this long are worth reading in a failed journey. */
const SLOW_MS = 1_500;
/** Server requests at least this long (its own figure) were slow. */
const SLOW_REQUEST_MS = 1_000;
const MAX_LINES = 40;

interface Moment {
  at: number;
  text: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * After the run, for each journey that failed: where its time went (its slow steps, and the
 * gaps between steps, which are time spent outside the browser) and the server's slow or
 * failed requests meanwhile. Printed last, so that the end of the run's output says it.
 */
export default class SlowStepsReporter implements Reporter {
  private readonly failed: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed' && result.status !== 'skipped') {
      this.failed.push({ test, result });
    }
  }

  onEnd(_result: FullResult) {
    if (this.failed.length === 0) return;
    const logs = readServerLogs();
    for (const { test, result } of this.failed) {
      const start = result.startTime.getTime();
      const end = start + result.duration;
      const moments = [...slowSteps(result.steps, start), ...serverMoments(logs, start, end)];
      moments.sort((a, b) => a.at - b.at);
      console.log(
        `\nWhere the time went in '${test.title}' (${result.status}, ${seconds(result.duration)}):`,
      );
      for (const moment of moments.slice(0, MAX_LINES)) {
        console.log(`  +${seconds(moment.at - start).padStart(7)}  ${moment.text}`);
      }
      if (moments.length > MAX_LINES) console.log(`  … and ${moments.length - MAX_LINES} more`);
    }
  }

  printsToStdio() {
    return true;
  }
}

/** The test's own steps (not the fixtures' insides) that were slow, failed or never ended. */
function slowSteps(steps: TestStep[], testStart: number): Moment[] {
  const moments: Moment[] = [];
  let lastEnd = testStart;
  for (const step of steps) {
    const at = step.startTime.getTime();
    if (at - lastEnd >= SLOW_MS) {
      moments.push({ at: lastEnd, text: `(${seconds(at - lastEnd)} between steps)` });
    }
    const unfinished = step.duration < 0;
    if (unfinished || step.error || step.duration >= SLOW_MS) {
      const took = unfinished ? 'never ended' : seconds(step.duration);
      const failed = step.error ? ' FAILED' : '';
      moments.push({ at, text: `${took.padStart(9)}  ${step.category}: ${step.title}${failed}` });
      if (step.category === 'test.step' || step.category === 'hook') {
        moments.push(...slowSteps(step.steps, at));
      }
    }
    lastEnd = Math.max(lastEnd, unfinished ? at : at + step.duration);
  }
  return moments;
}

function readServerLogs(): Map<string, string[]> {
  const logs = new Map<string, string[]>();
  let files: string[] = [];
  try {
    files = readdirSync(E2E_LOG_DIR);
  } catch {
    return logs;
  }
  for (const file of files) {
    logs.set(
      path.basename(file, '.log'),
      readFileSync(path.join(E2E_LOG_DIR, file), 'utf8').split('\n'),
    );
  }
  return logs;
}

/** Requests that took long, answered 5xx, or anything else the server said that is not a request. */
function serverMoments(logs: Map<string, string[]>, start: number, end: number): Moment[] {
  const moments: Moment[] = [];
  for (const [server, lines] of logs) {
    for (const line of lines) {
      const match = /^(\d+) (.*)$/.exec(line);
      if (!match) continue;
      const at = Number(match[1]);
      const text = match[2] ?? '';
      if (at < start || at > end) continue;
      const request = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ (\d{3}) ([\d.]+)ms/.exec(text);
      const worthShowing =
        request === null ||
        Number(request[3]) >= SLOW_REQUEST_MS ||
        (request[2] ?? '').startsWith('5');
      if (worthShowing) moments.push({ at, text: `server ${server}: ${text.slice(0, 140)}` });
    }
  }
  return moments;
}
