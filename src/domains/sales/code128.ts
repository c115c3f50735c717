/**
 * Code 128 (set B), the barcode a receipt carries its number in: any printable ASCII, read by
 * every retail scanner and by the camera scanner. Written here rather than loading a barcode
 * writer (ZXing's writer is 650 KB of WebAssembly) for nine characters on a receipt.
 *
 * Each symbol is six alternating bar and space widths in modules (eleven in all); the stop
 * symbol has a seventh, a final bar. The check symbol is the start value plus each symbol's
 * value times its position, modulo 103.
 */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 ' +
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 ' +
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 ' +
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 ' +
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 ' +
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 ' +
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 ' +
  '114131 311141 411131 211412 211214 211232 2331112'
).split(' ');
const START_B = 104;
const STOP = 106;
/** Blank modules either side, so a scanner finds where the code begins (at least 10). */
export const QUIET_ZONE = 10;

/** The symbol values of `text` in set B, with the start, check and stop symbols. */
export function code128Values(text: string): number[] {
  const values = [...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot write ${JSON.stringify(char)}`);
    return code - 32;
  });
  const check = values.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  return [START_B, ...values, check, STOP];
}

/** The bars of `text`: where each starts and how wide it is, in modules, quiet zones included. */
export function code128Bars(text: string): {
  bars: { x: number; width: number }[];
  modules: number;
} {
  const bars: { x: number; width: number }[] = [];
  let x = QUIET_ZONE;
  for (const value of code128Values(text)) {
    const widths = PATTERNS[value] ?? '';
    [...widths].forEach((width, index) => {
      if (index % 2 === 0) bars.push({ x, width: Number(width) });
      x += Number(width);
    });
  }
  return { bars, modules: x + QUIET_ZONE };
}
