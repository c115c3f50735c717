import type { ReaderOptions } from 'zxing-wasm/reader';

/** What the page and the decoder worker say to each other: one frame, its codes. */
export interface DecodeRequest {
  id: number;
  image: ImageData;
}

export type DecodeReply = { id: number; codes: string[] } | { id: number; error: string };

/** What the decoder looks for in a frame. */
export const DECODER_OPTIONS: ReaderOptions = {
  // Bottles' codes, and the ITF-14 of a carton (its GTIN-14) for receiving by the case.
  formats: ['EAN13', 'EAN8', 'UPCA', 'ITF'],
  tryHarder: true,
  // Labels on bottles are often upright; retail codes are never printed light on dark.
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 1,
};
