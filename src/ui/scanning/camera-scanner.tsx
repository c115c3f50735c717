import { Flashlight, FlashlightOff, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type BarcodeReader, openBarcodeReader } from './barcode-reader.ts';
import {
  CAMERA_TEXT,
  type CameraProblem,
  cameraProblem,
  hasTorch,
  openCamera,
  setTorch,
  stopCamera,
} from './camera.ts';

/** A pause between frames, so a decoding tablet keeps its battery and its page responsive. */
const FRAME_GAP_MS = 60;
/**
 * A code held in view is read again and again: it counts again only once it has been out of
 * view this long (counting bottles one after another by camera).
 */
export const SAME_CODE_PAUSE_MS = 1500;

type State =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'problem'; problem: CameraProblem };

/**
 * The camera's view with the barcodes read from it: the rear camera, the torch where the camera
 * has one, and a message saying what to do instead when the camera is refused or absent.
 */
export function CameraScanner({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<State>({ status: 'starting' });
  const [torch, setTorchShown] = useState<'none' | 'off' | 'on'>('none');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let reader: BarcodeReader | null = null;
    const lastSeen = new Map<string, number>();

    const fail = (problem: CameraProblem) => {
      if (stopped) return;
      stopCamera(stream);
      setState({ status: 'problem', problem });
    };

    async function scan(video: HTMLVideoElement, active: BarcodeReader) {
      while (!stopped) {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const now = performance.now();
          for (const code of await active.read(video)) {
            const seen = lastSeen.get(code);
            lastSeen.set(code, now);
            if (stopped || (seen !== undefined && now - seen < SAME_CODE_PAUSE_MS)) continue;
            navigator.vibrate?.(40);
            onCodeRef.current(code);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_GAP_MS));
      }
    }

    async function start() {
      try {
        stream = await openCamera();
      } catch (error) {
        fail(cameraProblem(error));
        return;
      }
      if (stopped) {
        stopCamera(stream);
        return;
      }
      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      if (track && hasTorch(track)) setTorchShown('off');
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      try {
        await video.play();
        reader = await openBarcodeReader();
      } catch {
        fail('decoder');
        return;
      }
      if (stopped) return;
      setState({ status: 'scanning' });
      try {
        await scan(video, reader);
      } catch {
        fail('decoder');
      }
    }

    void start();
    return () => {
      stopped = true;
      stopCamera(stream);
      reader?.close();
      trackRef.current = null;
    };
  }, []);

  async function toggleTorch() {
    const track = trackRef.current;
    if (!track || torch === 'none') return;
    const next = torch === 'off';
    try {
      await setTorch(track, next);
      setTorchShown(next ? 'on' : 'off');
    } catch {
      setTorchShown('none');
    }
  }

  const problem = state.status === 'problem' ? state.problem : null;
  return (
    <section className="camera-scanner" aria-label="Camera">
      {problem ? null : (
        <div className="camera-scanner__view">
          <video
            ref={videoRef}
            className="camera-scanner__video"
            muted
            playsInline
            aria-label="Camera view"
          />
          <div className="camera-scanner__aim" aria-hidden="true" />
        </div>
      )}
      {problem ? (
        <p className="camera-scanner__problem" role="alert">
          {CAMERA_TEXT[problem]}
        </p>
      ) : (
        <p className="camera-scanner__status" role="status">
          {state.status === 'starting' ? CAMERA_TEXT.starting : CAMERA_TEXT.aim}
        </p>
      )}
      <div className="camera-scanner__actions">
        {torch === 'none' || problem ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={torch === 'on'}
            onClick={() => void toggleTorch()}
          >
            {torch === 'on' ? (
              <FlashlightOff size={18} aria-hidden="true" />
            ) : (
              <Flashlight size={18} aria-hidden="true" />
            )}
            Torch
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          <X size={18} aria-hidden="true" />
          Close camera
        </button>
      </div>
    </section>
  );
}
