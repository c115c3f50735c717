import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { MoneyInput } from '#ui/money-input.tsx';

function Amount({ error, hint }: { error?: string; hint?: string }) {
  const [text, setText] = useState('');
  return (
    <Field label="Cash float" error={error} hint={hint}>
      {(control) => <MoneyInput {...control} value={text} onValueChange={setText} />}
    </Field>
  );
}

describe('Field', () => {
  it('labels its control, and says nothing is wrong while nothing is', () => {
    render(<Amount />);
    const input = screen.getByLabelText('Cash float');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces its problem under it, marks the control and ties the two', () => {
    render(<Amount error="Enter the float in dollars, like 200.00" hint="Counted in the till" />);
    const input = screen.getByLabelText('Cash float');
    const problem = screen.getByRole('alert');
    expect(problem.textContent).toBe('Enter the float in dollars, like 200.00');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(problem.id);
    const hint = screen.getByText('Counted in the till');
    expect(describedBy).toContain(hint.id);
  });
});

describe('MoneyInput', () => {
  it('keeps what was typed, as typed, with the keyboard of numbers', async () => {
    render(<Amount error="Enter an amount" />);
    const input = screen.getByLabelText('Cash float') as HTMLInputElement;
    await userEvent.type(input, '$12.5x');
    expect(input.value).toBe('$12.5x');
    expect(input.inputMode).toBe('decimal');
  });
});

describe('DialogFooter', () => {
  it('runs its action, and Cancel cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <DialogFooter
        confirmLabel="Delete"
        tone="danger"
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('button--danger');
  });

  it('submits the form it names, and cannot be pressed twice while busy', async () => {
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { rerender } = render(
      <>
        <form id="adjust" onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)} />
        <DialogFooter confirmLabel="Save adjustment" form="adjust" onCancel={() => {}} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    rerender(
      <>
        <form id="adjust" onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)} />
        <DialogFooter confirmLabel="Save adjustment" form="adjust" busy onCancel={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save adjustment' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
