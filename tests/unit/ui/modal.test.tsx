import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '#ui/modal.tsx';

/** A page that re-renders on demand and passes a new close handler each time, as pages do. */
function Page({ onClosed }: { onClosed: () => void }) {
  const [renders, setRenders] = useState(0);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Rendered {renders}
      </button>
      {open ? (
        <Modal
          title="Form"
          onClose={() => {
            setOpen(false);
            onClosed();
          }}
        >
          <label htmlFor="name">Name</label>
          <input id="name" />
        </Modal>
      ) : null}
    </>
  );
}

describe('Modal', () => {
  it('keeps focus in the field being typed in when the page behind renders again', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Page onClosed={onClosed} />);
    const input = screen.getByLabelText('Name');
    await user.click(input);
    await user.keyboard('Bin');
    act(() => screen.getByRole('button', { name: 'Rendered 0', hidden: true }).click());
    expect(screen.getByRole('button', { name: 'Rendered 1', hidden: true })).toBeTruthy();
    expect(document.activeElement).toBe(input);
    await user.keyboard(' Location');
    expect((input as HTMLInputElement).value).toBe('Bin Location');
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('closes on Escape with the close handler of the latest render', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Page onClosed={onClosed} />);
    act(() => screen.getByRole('button', { name: 'Rendered 0', hidden: true }).click());
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
