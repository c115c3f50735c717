import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './tests/fixtures/chromium.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const base = 'http://localhost:8300';
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: process.env.SW ?? 'block' });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByLabel('Email address').fill('demo@vintry.test');
await page.getByLabel('Password').fill('Vintry2026');
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/dashboard/);
await page.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const byUrl = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const key = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
  byUrl.set(key, (byUrl.get(key) ?? 0) + (dt[i] ?? 0));
}
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([key, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`).join('\n');
console.log('--- by script\n' + top(byUrl, 15));
console.log('--- by function (self)\n' + top(self, 30));
await browser.close();
