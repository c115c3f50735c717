import { isValidGtin } from '#domains/products/barcode.ts';
import type { DecodeReply, DecodeRequest } from './barcode-decoder-protocol.ts';

/** Reads the barcodes in view: the browser's own BarcodeDetector, or our WebAssembly decoder. */
export interface BarcodeReader {
  readonly kind: 'native' | 'wasm';
  /** The valid EAN-13, UPC-A, EAN-8 and ITF-14 (GTIN-14) codes in the video's current frame. */
  read(video: HTMLVideoElement): Promise<string[]>;
  close(): void;
}

// The Shape Detection API is not in TypeScript's DOM lib yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'itf'];

/**
 * The browser's detector when it reads every format we need (Chrome on Android and macOS, Safari
 * 17+ on iOS); otherwise the WebAssembly decoder in a worker (Firefox, desktop Linux and Windows).
 */
export async function openBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeDetector();
  if (native) {
    return {
      kind: 'native',
      async read(video) {
        const found = await native.detect(video);
        return validCodes(found.map((code) => code.rawValue));
      },
      close() {},
    };
  }
  return wasmReader();
}

async function nativeDetector(): Promise<BarcodeDetectorInstance | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!NATIVE_FORMATS.every((format) => supported.includes(format))) return null;
    return new Detector({ formats: NATIVE_FORMATS });
  } catch {
    return null;
  }
}

/** The decoder worker, fed one frame at a time from a canvas the size of the video. */
function wasmReader(): BarcodeReader {
  const worker = new Worker(new URL('./barcode-decoder.worker.ts', import.meta.url), {
    type: 'module',
  });
  const waiting = new Map<number, (reply: DecodeReply) => void>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<DecodeReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  // The worker or its decoder could not load (offline before it was ever cached, say).
  worker.onerror = (event) => {
    event.preventDefault();
    for (const [id, resolve] of waiting) resolve({ id, error: event.message || 'decoder failed' });
    waiting.clear();
  };
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });

  return {
    kind: 'wasm',
    async read(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return [];
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      const id = nextId++;
      const reply = await new Promise<DecodeReply>((resolve) => {
        waiting.set(id, resolve);
        const request: DecodeRequest = { id, image };
        worker.postMessage(request, [image.data.buffer]);
      });
      if ('error' in reply) throw new Error(reply.error);
      return validCodes(reply.codes);
    },
    close() {
      worker.terminate();
      for (const resolve of waiting.values()) resolve({ id: 0, codes: [] });
      waiting.clear();
    },
  };
}

// ITF reads any even number of digits, and a partial read of a carton's code can look whole:
// only codes of a GS1 length whose check digit holds go on.
const validCodes = (codes: string[]) => codes.filter(isValidGtin);
