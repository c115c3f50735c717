// The WebAssembly barcode decoder (ZXing-C++), in a worker so that decoding a frame never holds
// up the page. Its .wasm file is one of the app's own assets, precached with the rest: nothing is
// fetched from another host (the library's default is a CDN).
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeReply, DecodeRequest } from './barcode-decoder-protocol.ts';

prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) =>
      file.endsWith('.wasm') ? wasmUrl : prefix + file,
  },
});

const OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA'],
  tryHarder: true,
  // Labels on bottles are often upright; retail codes are never printed light on dark.
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 1,
};

// The app is typed against the DOM's lib; this is the little of a worker's global it uses.
interface DecoderScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(reply: DecodeReply): void;
}
const scope = self as unknown as DecoderScope;

scope.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, image } = event.data;
  let reply: DecodeReply;
  try {
    const results = await readBarcodes(image, OPTIONS);
    reply = { id, codes: results.filter((result) => result.isValid).map((result) => result.text) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
