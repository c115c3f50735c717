import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { code128Bars, code128Values, QUIET_ZONE } from '#domains/sales/code128.ts';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer,
  },
});

/** A black-on-white 24-bit BMP of the bars (3 px a module, 60 px tall): what a camera would see. */
function bitmap(text: string): Uint8Array {
  const { bars, modules } = code128Bars(text);
  const scale = 3;
  const width = modules * scale;
  const height = 60;
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const file = new Uint8Array(54 + rowBytes * height);
  const view = new DataView(file.buffer);
  file.set([0x42, 0x4d]);
  view.setUint32(2, file.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  const dark = new Array<boolean>(width).fill(false);
  for (const bar of bars) {
    for (let x = bar.x * scale; x < (bar.x + bar.width) * scale; x += 1) dark[x] = true;
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const shade = dark[x] ? 0 : 255;
      file.fill(shade, 54 + y * rowBytes + x * 3, 54 + y * rowBytes + x * 3 + 3);
    }
  }
  return file;
}

describe('Code 128 on a receipt', () => {
  it('adds the check symbol as the standard says', () => {
    // 'PJJ123C': 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55.
    expect(code128Values('PJJ123C').at(-2)).toBe(55);
    expect(code128Values('AB')).toEqual([104, 33, 34, (104 + 33 + 34 * 2) % 103, 106]);
  });

  it('is 11 modules a symbol, 13 for the stop, with quiet zones either side', () => {
    const { bars, modules } = code128Bars('T2-000137');
    expect(modules).toBe(QUIET_ZONE * 2 + (9 + 2) * 11 + 13);
    expect(bars[0]?.x).toBe(QUIET_ZONE);
  });

  it.each(['T2-000137', 'T1-000001', 'T12-123456789'])(
    'reads back as %s with a real decoder',
    async (receipt) => {
      const [result] = await readBarcodes(bitmap(receipt), { formats: ['Code128'] });
      expect(result?.text).toBe(receipt);
      expect(result?.format).toBe('Code128');
    },
  );

  it('refuses what set B cannot write', () => {
    expect(() => code128Values('Tab\there')).toThrow();
  });
});
