import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BarcodeReader } from '#ui/scanning/barcode-reader.ts';
import { CAMERA_TEXT } from '#ui/scanning/camera.ts';
import { SAME_CODE_PAUSE_MS } from '#ui/scanning/camera-scanner.tsx';
import { ScanField } from '#ui/scanning/scan-field.tsx';

// The decoder itself (a worker with WebAssembly) runs in the browser tests; here it reads
// whatever the test says is in view.
const inView = vi.hoisted(() => ({ codes: [] as string[] }));
vi.mock('#ui/scanning/barcode-reader.ts', () => ({
  openBarcodeReader: async (): Promise<BarcodeReader> => ({
    kind: 'wasm',
    read: async () => inView.codes,
    close: () => {},
  }),
}));

function Field({ onScan }: { onScan: (text: string, from: 'typed' | 'camera') => void }) {
  const [value, setValue] = useState('');
  return (
    <ScanField
      label="Scan or search"
      placeholder="Barcode, SKU or name"
      submitLabel="Find"
      value={value}
      onChange={setValue}
      onScan={onScan}
    />
  );
}

/** A camera stream with one video track; `torch` says whether the camera has a torch. */
function fakeStream({ torch }: { torch: boolean }) {
  const track = {
    stop: vi.fn(),
    getCapabilities: () => (torch ? { torch: true } : {}),
    applyConstraints: vi.fn(async () => {}),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  return { stream: stream as unknown as MediaStream, track };
}

function giveCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

beforeEach(() => {
  inView.codes = [];
  // jsdom plays no video: say it has a frame to read.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.useRealTimers();
});

describe('the scan field', () => {
  it('takes a hardware scanner: its keys, then Enter, give the code', async () => {
    const user = userEvent.setup();
    const onScan = vi.fn();
    render(<Field onScan={onScan} />);
    await user.type(screen.getByLabelText('Scan or search'), ' 9311111000010{Enter}');
    expect(onScan).toHaveBeenCalledWith('9311111000010', 'typed');
    await user.clear(screen.getByLabelText('Scan or search'));
    await user.type(screen.getByLabelText('Scan or search'), '   {Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('keeps the on-screen keyboard closed on a touch device until asked for', async () => {
    const user = userEvent.setup();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(pointer: coarse)',
    })) as typeof window.matchMedia;
    try {
      render(<Field onScan={() => {}} />);
      const field = screen.getByLabelText('Scan or search');
      expect(field.getAttribute('inputmode')).toBe('none');
      const keyboard = screen.getByRole('button', { name: 'Type with the on-screen keyboard' });
      await user.click(keyboard);
      expect(field.getAttribute('inputmode')).toBe('text');
      expect(keyboard.getAttribute('aria-pressed')).toBe('true');
    } finally {
      window.matchMedia = original;
    }
  });

  it('offers no keyboard button where there is a real keyboard', () => {
    render(<Field onScan={() => {}} />);
    expect(screen.getByLabelText('Scan or search').getAttribute('inputmode')).toBe('text');
    expect(screen.queryByRole('button', { name: 'Type with the on-screen keyboard' })).toBeNull();
  });
});

describe('the camera', () => {
  it.each([
    ['refused', new DOMException('Permission denied', 'NotAllowedError'), CAMERA_TEXT.refused],
    ['absent', new DOMException('Requested device not found', 'NotFoundError'), CAMERA_TEXT.absent],
    [
      'in use',
      new DOMException('Could not start video source', 'NotReadableError'),
      CAMERA_TEXT.busy,
    ],
  ])('says what to do when it is %s, and typing still works', async (_case, error, message) => {
    const user = userEvent.setup();
    const onScan = vi.fn();
    giveCamera(() => Promise.reject(error));
    render(<Field onScan={onScan} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await user.type(screen.getByLabelText('Scan or search'), '9311111000010{Enter}');
    expect(onScan).toHaveBeenCalledWith('9311111000010', 'typed');
  });

  it('says when the browser has no camera API at all', async () => {
    const user = userEvent.setup();
    render(<Field onScan={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_TEXT.unavailable);
  });

  it('asks for the rear camera, and stops it when closed', async () => {
    const user = userEvent.setup();
    const { stream, track } = fakeStream({ torch: false });
    giveCamera(async () => stream);
    render(<Field onScan={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await screen.findByText(CAMERA_TEXT.aim);
    const constraints = vi.mocked(navigator.mediaDevices.getUserMedia).mock.calls[0]?.[0];
    expect(constraints?.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    expect(screen.queryByRole('button', { name: 'Torch' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Camera' })).toBeNull();
  });

  it('turns the torch on and off where the camera has one', async () => {
    const user = userEvent.setup();
    const { stream, track } = fakeStream({ torch: true });
    giveCamera(async () => stream);
    render(<Field onScan={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    const torch = await screen.findByRole('button', { name: 'Torch' });
    await user.click(torch);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
    expect(torch.getAttribute('aria-pressed')).toBe('true');
    await user.click(torch);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
    expect(torch.getAttribute('aria-pressed')).toBe('false');
  });

  it('gives a code held in view once, and again only after it has been out of view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onScan = vi.fn();
    const { stream } = fakeStream({ torch: false });
    giveCamera(async () => stream);
    render(<Field onScan={onScan} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await screen.findByText(CAMERA_TEXT.aim);

    inView.codes = ['9311111000010'];
    await act(() => vi.advanceTimersByTimeAsync(SAME_CODE_PAUSE_MS * 2));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('9311111000010', 'camera');

    // Another bottle: out of view long enough, then in view again.
    inView.codes = [];
    await act(() => vi.advanceTimersByTimeAsync(SAME_CODE_PAUSE_MS + 200));
    inView.codes = ['9311111000010'];
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(2));
  });
});
