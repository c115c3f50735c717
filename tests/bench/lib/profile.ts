import type { Page } from 'playwright-core';

/**
 * A CPU profile of the page between start() and stop(), summarised as the functions with the
 * most self time: `--profile` on a benchmark prints it, to find where the time goes.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export async function profilePage(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async (label: string, top = 15) => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const selfTime = new Map<number, number>();
    profile.samples.forEach((id, index) => {
      selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
    });
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url.split('/').pop() ?? '';
      const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + (selfTime.get(node.id) ?? 0) / 1000);
    }
    const rows = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(`\nCPU profile: ${label} (self time)`);
    for (const [name, ms] of rows) console.log(`  ${ms.toFixed(1).padStart(9)} ms  ${name}`);
    await cdp.detach();
  };
}
