/**
 * The bars of a barcode, as modules ('1' a bar, '0' a space; GS1 General Specifications,
 * section 5.2): what a shelf label draws, and what the camera tests photograph.
 */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** Which left digits use the G set, by the first digit (which is not drawn itself). */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 code. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not 13 digits: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  let modules = '101';
  for (let i = 1; i <= 6; i += 1) {
    const set = parity[i - 1] === 'G' ? G_CODES : L_CODES;
    modules += set[digits[i] as number];
  }
  modules += '01010';
  for (let i = 7; i <= 12; i += 1) modules += R_CODES[digits[i] as number];
  return `${modules}101`;
}

/** The 67 modules of an EAN-8 code. */
export function ean8Modules(code: string): string {
  if (!/^\d{8}$/.test(code)) throw new Error(`not 8 digits: ${code}`);
  const digits = [...code].map(Number);
  let modules = '101';
  for (let i = 0; i < 4; i += 1) modules += L_CODES[digits[i] as number];
  modules += '01010';
  for (let i = 4; i < 8; i += 1) modules += R_CODES[digits[i] as number];
  return `${modules}101`;
}

/**
 * The modules of a product's barcode: EAN-13, UPC-A (drawn as the EAN-13 with a leading 0, as
 * scanners read it) or EAN-8; null for anything else.
 */
export function barcodeModules(code: string | undefined): string | null {
  if (!code) return null;
  if (/^\d{13}$/.test(code)) return ean13Modules(code);
  if (/^\d{12}$/.test(code)) return ean13Modules(`0${code}`);
  if (/^\d{8}$/.test(code)) return ean8Modules(code);
  return null;
}
