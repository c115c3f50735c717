import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ean13Modules } from '../../src/domains/products/barcode-bars.ts';
import { FRAME } from '../fixtures/barcode-image.ts';
import { launchChromium, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { median, ms, spread } from './lib/stats.ts';

/**
 * The camera's WebAssembly decoder in Chromium (which has no BarcodeDetector on Linux): the
 * worker the app ships, fed 1280×720 frames as the app feeds it — drawn to a canvas, read as
 * ImageData, handed to the worker, answered. Frames showing an EAN-13 code and frames showing
 * none (the camera aimed at a shelf: the whole frame is searched in vain) are timed apart.
 *
 * `npm run bench:camera` (add `-- --no-build` to reuse dist/). Budget: median ≤ 60 ms a frame
 * with a code.
 */
const FRAMES = 40;
export const DECODE_BUDGET_MS = 60;
const PORT = 8298;
export const CODE = '9311111000010';

const root = path.resolve(import.meta.dirname, '../..');

function workerAsset(): string {
  const name = readdirSync(path.join(root, 'dist/assets')).find((file) =>
    /^barcode-decoder\.worker-.*\.js$/.test(file),
  );
  if (!name) throw new Error('no decoder worker in dist/assets: build first');
  return `/assets/${name}`;
}

/** In the page: a canvas with the code (or blank), and a read as the app's wasm reader does. */
const DECODE_IN_PAGE = `async ({ workerUrl, modules, width, height, frames }) => {
  const source = document.createElement('canvas');
  source.width = width;
  source.height = height;
  const paint = (withCode) => {
    const g = source.getContext('2d');
    g.fillStyle = '#ebebeb';
    g.fillRect(0, 0, width, height);
    // Shelf-like clutter, so a frame without a code is not an empty one.
    for (let i = 0; i < 60; i += 1) {
      g.fillStyle = i % 2 ? '#8a6d5a' : '#3b4a5c';
      g.fillRect((i * 97) % width, (i * 53) % height, 40 + (i % 7) * 9, 8 + (i % 5) * 11);
    }
    if (!withCode) return;
    const module = 6;
    const left = Math.floor((width - modules.length * module) / 2);
    g.fillStyle = '#fff';
    g.fillRect(left - 12 * module, height * 0.28, (modules.length + 24) * module, height * 0.44);
    g.fillStyle = '#101010';
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] === '1') g.fillRect(left + m * module, height * 0.3, module, height * 0.4);
    }
  };
  const worker = new Worker(workerUrl, { type: 'module' });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let id = 0;
  const read = () => {
    context.drawImage(source, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    id += 1;
    const asked = id;
    return new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        if (event.data.id !== asked) return;
        if (event.data.error) reject(new Error(event.data.error));
        else resolve(event.data.codes);
      };
      worker.postMessage({ id: asked, image }, [image.data.buffer]);
    });
  };
  const time = async (withCode) => {
    paint(withCode);
    const times = [];
    let found = 0;
    for (let i = 0; i < frames; i += 1) {
      const started = performance.now();
      const codes = await read();
      times.push(performance.now() - started);
      if (codes.length > 0) found += 1;
    }
    return { times, found };
  };
  paint(true);
  const started = performance.now();
  const first = await read();
  const firstFrame = performance.now() - started;
  const withCode = await time(true);
  const without = await time(false);
  worker.terminate();
  return { firstFrame, firstCodes: first, withCode, without };
}`;

export interface CameraDecode {
  firstFrame: number;
  withCode: { times: number[]; found: number };
  without: { times: number[]; found: number };
}

export async function measureCameraDecode(
  browser: Browser,
  baseUrl: string,
): Promise<CameraDecode> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await signIn(page, baseUrl);
    const result = (await page.evaluate(
      `(${DECODE_IN_PAGE})(${JSON.stringify({
        workerUrl: workerAsset(),
        modules: ean13Modules(CODE),
        width: FRAME.width,
        height: FRAME.height,
        frames: FRAMES,
      })})`,
    )) as CameraDecode & { firstCodes: string[] };
    if (result.firstCodes[0] !== CODE) {
      throw new Error(`the decoder read ${JSON.stringify(result.firstCodes)}, not ${CODE}`);
    }
    return result;
  } finally {
    await page.close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const server = await startServer({ port: PORT, extraProducts: 0 });
  const browser = await launchChromium();
  try {
    const decode = await measureCameraDecode(browser, server.baseUrl);
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(46)}${value}`);
    console.log(
      `\nCamera decode (WebAssembly, ${FRAME.width}×${FRAME.height}, ${FRAMES} frames each)`,
    );
    line('first frame (loads and compiles the decoder)', ms(decode.firstFrame));
    line(
      `frames with an EAN-13 (${decode.withCode.found}/${FRAMES} read)`,
      spread(decode.withCode.times),
    );
    line(
      `frames without a code (${decode.without.found}/${FRAMES} read)`,
      spread(decode.without.times),
    );
    const pass = median(decode.withCode.times) <= DECODE_BUDGET_MS;
    line(
      'budget: median of frames with a code',
      `≤ ${DECODE_BUDGET_MS} ms ${pass ? 'pass' : 'OVER'}`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
