// The WebAssembly barcode decoder (ZXing-C++), in a worker so that decoding a frame never holds
// up the page. Its .wasm file is one of the app's own assets, precached with the rest: nothing is
// fetched from another host (the library's default is a CDN).
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import {
  DECODER_OPTIONS,
  type DecodeReply,
  type DecodeRequest,
} from './barcode-decoder-protocol.ts';

prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) =>
      file.endsWith('.wasm') ? wasmUrl : prefix + file,
  },
});

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
    const results = await readBarcodes(image, DECODER_OPTIONS);
    reply = { id, codes: results.filter((result) => result.isValid).map((result) => result.text) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
