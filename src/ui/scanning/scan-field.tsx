import { Camera, Keyboard } from 'lucide-react';
import { type FormEvent, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { CameraScanner } from './camera-scanner.tsx';
import './scanning.css';

/** Touch-first devices, whose on-screen keyboard would cover half the shelf. */
function touchFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export interface ScanFieldHandle {
  focus(): void;
  /** Focuses the field with its text selected: the next scan replaces it, a typo is in view. */
  select(): void;
}

/**
 * Where a code comes in: typed, from a hardware scanner that types like a keyboard (Enter ends
 * the code), or read by the camera. On a touch-first device the field takes a scanner's keys
 * without opening the on-screen keyboard; the keyboard button opens it for typing.
 */
export function ScanField({
  label,
  placeholder,
  submitLabel,
  value,
  onChange,
  onScan,
  closeCameraOnScan = false,
  handle,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** A code or text to look up: submitted from the field, or read by the camera. */
  onScan: (text: string, from: 'typed' | 'camera') => void;
  /** One code is all this screen needs: the camera closes once it has read one. */
  closeCameraOnScan?: boolean;
  handle?: Ref<ScanFieldHandle>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [touch] = useState(touchFirst);
  const [keyboard, setKeyboard] = useState(false);
  const [camera, setCamera] = useState(false);
  useImperativeHandle(
    handle,
    () => ({
      focus: () => inputRef.current?.focus(),
      select: () => inputRef.current?.select(),
    }),
    [],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (text) onScan(text, 'typed');
  }

  function toggleKeyboard() {
    const input = inputRef.current;
    setKeyboard((shown) => !shown);
    // The keyboard opens when a field in text mode gains focus: focus it afresh.
    input?.blur();
    requestAnimationFrame(() => input?.focus());
  }

  return (
    <div className="scan-field">
      <form className="scan-field__form" onSubmit={submit}>
        <label className="field__label" htmlFor={`${id}-code`}>
          {label}
        </label>
        <div className="scan-field__row">
          <input
            ref={inputRef}
            id={`${id}-code`}
            className="field__input scan-field__input"
            value={value}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            inputMode={touch && !keyboard ? 'none' : 'text'}
            placeholder={placeholder}
            // A dialog holding the field focuses it first: a scanner's keys must land here.
            data-autofocus
            onChange={(event) => onChange(event.target.value)}
          />
          {touch ? (
            <button
              type="button"
              className="button button--secondary scan-field__icon"
              aria-label="Type with the on-screen keyboard"
              aria-pressed={keyboard}
              onClick={toggleKeyboard}
            >
              <Keyboard size={18} aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary scan-field__icon"
            aria-label="Scan with the camera"
            aria-pressed={camera}
            onClick={() => setCamera((open) => !open)}
          >
            <Camera size={18} aria-hidden="true" />
          </button>
          <button type="submit" className="button button--secondary">
            {submitLabel}
          </button>
        </div>
      </form>
      {camera ? (
        <CameraScanner
          onCode={(code) => {
            if (closeCameraOnScan) setCamera(false);
            onScan(code, 'camera');
          }}
          onClose={() => {
            setCamera(false);
            inputRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
