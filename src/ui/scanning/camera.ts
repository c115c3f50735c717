/** The shop-floor camera: the rear one, at a size a barcode reads well from, with its torch. */

export const CAMERA_TEXT = {
  starting: 'Starting the camera...',
  aim: 'Point the camera at a barcode.',
  refused:
    "Camera access was refused. Allow the camera for this site in the browser's settings, or type the code.",
  absent: 'No camera was found on this device. Type the code instead.',
  busy: 'The camera is in use by another app. Close that app and try again, or type the code.',
  unavailable: 'This browser cannot use a camera here. Type the code instead.',
  decoder: 'The barcode reader could not be loaded. Type the code instead.',
  failed: 'The camera could not be started. Type the code instead.',
} as const;

export type CameraProblem = Exclude<keyof typeof CAMERA_TEXT, 'starting' | 'aim'>;

const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1280 },
    height: { ideal: 720 },
  },
};

/** The rear camera's stream; throws as getUserMedia does. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('No camera API', 'NotSupportedError');
  }
  return navigator.mediaDevices.getUserMedia(CONSTRAINTS);
}

/** Which of our messages a failure to open the camera calls for. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'refused';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'absent';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'busy';
    case 'NotSupportedError':
      return 'unavailable';
    default:
      return 'failed';
  }
}

// The torch is a constraint of the image capture spec, not yet in TypeScript's DOM lib.
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

export function hasTorch(track: MediaStreamTrack): boolean {
  const capabilities = track.getCapabilities?.() as TorchCapabilities | undefined;
  return capabilities?.torch === true;
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
