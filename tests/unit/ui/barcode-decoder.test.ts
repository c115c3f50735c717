import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { isValidGtin } from '#domains/products/barcode.ts';
import { ean13Modules } from '#domains/products/barcode-bars.ts';
import { DECODER_OPTIONS } from '#ui/scanning/barcode-decoder-protocol.ts';
import { itf14Modules, modulesBitmap } from '../../fixtures/barcode-image.ts';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer,
  },
});

const quiet = '0'.repeat(11);

describe('the camera’s decoder', () => {
  it('reads a carton’s ITF-14, a GTIN-14 whose check digit holds', async () => {
    const carton = '19312345000033';
    const [result] = await readBarcodes(modulesBitmap(itf14Modules(carton)), DECODER_OPTIONS);
    expect(result?.text).toBe(carton);
    expect(result?.format).toBe('ITF');
    expect(isValidGtin(carton)).toBe(true);
  });

  it('reads a bottle’s EAN-13 as before', async () => {
    const bottle = '9312345000036';
    const image = modulesBitmap(`${quiet}${ean13Modules(bottle)}${quiet}`);
    const [result] = await readBarcodes(image, DECODER_OPTIONS);
    expect(result?.text).toBe(bottle);
    expect(result?.format).toBe('EAN13');
  });
});
