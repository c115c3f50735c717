import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { code128Bars, code128Values, QUIET_ZONE } from '#domains/sales/code128.ts';
import { modulesBitmap } from '../../fixtures/barcode-image.ts';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer,
  },
});

/** The bars as a row of modules, quiet zones included: what a camera would see. */
function bitmap(text: string): Uint8Array {
  const { bars, modules } = code128Bars(text);
  const row = new Array<string>(modules).fill('0');
  for (const bar of bars) row.fill('1', bar.x, bar.x + bar.width);
  return modulesBitmap(row.join(''));
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
