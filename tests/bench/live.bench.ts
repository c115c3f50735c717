import { readdirSync, readFileSync } from 'node:fs';
import { readLiveVersions } from '../../src/shared/live.ts';
import { apiToken } from './catalogue.bench.ts';
import { runWhenStarted } from './lib/run.ts';
import { startServer } from './lib/server.ts';
import { mb, ms } from './lib/stats.ts';
import { type LoadFigures, load } from './server.bench.ts';

/**
 * Many devices listening to one server (GET /live): the server's memory and /health p99 with
 * them beside none, and how long one change takes to reach all of them.
 *
 * `npm run bench:live`. Prints figures; `npm run bench` holds them to their budgets.
 */
export const LIVE_DEVICES = 200;
const PORT = 8297;

/**
 * The resident memory (Linux), in bytes, of the server: the largest process of the group that
 * `npm run serve` leads (npm, a shell, and node serving).
 */
function serverMemory(group: number): number {
  let largest = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== group) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      largest = Math.max(largest, Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // Gone meanwhile.
    }
  }
  return largest;
}

interface Listener {
  /** When each version arrived (ms since the epoch). */
  heard: Map<number, number>;
  close: () => void;
}

async function listen(baseUrl: string, token: string): Promise<Listener> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!response.body) throw new Error('no stream');
  const heard = new Map<number, number>();
  void readLiveVersions(response.body.getReader(), (version) =>
    heard.set(version, Date.now()),
  ).catch(() => {});
  return { heard, close: () => controller.abort() };
}

export interface LiveFigures {
  devices: number;
  memoryBefore: number;
  memoryWith: number;
  healthAlone: LoadFigures;
  healthWith: LoadFigures;
  /** From the write's answer to the last device hearing it, ms. */
  fanOut: number;
  /** Devices that heard the change. */
  reached: number;
}

export async function measureLiveDevices(baseUrl: string, group: number): Promise<LiveFigures> {
  const token = await apiToken(baseUrl);
  const healthAlone = await load(`${baseUrl}/api/v1/health`, {}, 200);
  const memoryBefore = serverMemory(group);
  const listeners = await Promise.all(
    Array.from({ length: LIVE_DEVICES }, () => listen(baseUrl, token)),
  );
  try {
    // Every device has its first version.
    const deadline = Date.now() + 30_000;
    while (listeners.some((listener) => listener.heard.size === 0)) {
      if (Date.now() > deadline) throw new Error('not every device connected');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const memoryWith = serverMemory(group);
    const healthWith = await load(`${baseUrl}/api/v1/health`, {}, 200);
    const before = Math.max(...listeners.flatMap((listener) => [...listener.heard.keys()]));
    const startedAt = Date.now();
    const changed = await fetch(`${baseUrl}/api/v1/business/profile`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ name: 'Demo Cellar' }),
    });
    if (!changed.ok) throw new Error(`PUT /business/profile answered ${changed.status}`);
    const newer = (listener: Listener) =>
      [...listener.heard].filter(([version]) => version > before).map(([, at]) => at);
    const until = Date.now() + 10_000;
    while (listeners.some((listener) => newer(listener).length === 0) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const arrivals = listeners.flatMap((listener) => newer(listener).slice(0, 1));
    return {
      devices: LIVE_DEVICES,
      memoryBefore,
      memoryWith,
      healthAlone,
      healthWith,
      fanOut: Math.max(...arrivals) - startedAt,
      reached: arrivals.length,
    };
  } finally {
    for (const listener of listeners) listener.close();
  }
}

async function main() {
  const server = await startServer({ port: PORT, extraProducts: 0 });
  try {
    const figures = await measureLiveDevices(server.baseUrl, server.process.pid ?? 0);
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(48)}${value}`);
    console.log(`\n${figures.devices} devices listening to GET /live`);
    line('server memory, none listening', mb(figures.memoryBefore));
    line(`server memory, ${figures.devices} listening`, mb(figures.memoryWith));
    line('GET /health p99, none listening', ms(figures.healthAlone.p99));
    line(`GET /health p99, ${figures.devices} listening`, ms(figures.healthWith.p99));
    line(
      'one change heard by every device',
      `${ms(figures.fanOut)} (${figures.reached} of ${figures.devices} reached)`,
    );
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
