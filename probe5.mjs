import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { CHROMIUM_ARGS } from './tests/fixtures/chromium.ts';
function threads() {
  const out = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const type = (/--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser');
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
        const stat = raw.split(') ')[1].split(' ');
        const key = `${type}/${name.replace(/\d+$/, '#')}`;
        out[key] = (out[key] ?? 0) + (Number(stat[11]) + Number(stat[12])) / 100;
      }
    } catch {}
  }
  return out;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const base = 'http://localhost:8300';
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: process.env.SW ?? 'block' });
const page = await ctx.newPage();
const c0 = threads();
await page.goto(base + '/login');
await page.getByLabel('Email address').fill('demo@vintry.test');
await page.getByLabel('Password').fill('Vintry2026');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/dashboard/);
await page.waitForTimeout(4000);
const c1 = threads();
const d = Object.entries(c1).map(([k, v]) => [k, v - (c0[k] ?? 0)]).filter(([, v]) => v > 0.04).sort((a, b) => b[1] - a[1]);
for (const [k, v] of d) console.log(v.toFixed(2).padStart(6), k);
await browser.close();
