import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';
import { Dialog } from './dialog.js';

function Opener({ busy = false, onCancel }: { busy?: boolean; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const [step, setStep] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Asking"
          role="dialog"
          describedBy={bodyId}
          busy={busy}
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
          initialFocus="input"
          focusKey={step}
          tabbable="input, button"
        >
          <p id={bodyId}>Step {step}</p>
          <input key={step} aria-label={`Field ${step}`} />
          <button type="button" onClick={() => setStep(step + 1)}>
            Next
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('the dialog', () => {
  it('is labelled and described, focuses where asked (again when focusKey changes), and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<Opener onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Asking' });
    expect(dialog).toHaveAccessibleDescription('Step 1');
    expect(screen.getByRole('textbox', { name: 'Field 1' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Field 2' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Field 2' })).toHaveFocus(); // Tab wraps inside
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('does not cancel on Escape while an answer is on its way', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<Opener busy onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('as a confirmation, is an alert dialog whose focus starts on Cancel, the safe choice', () => {
    render(
      <ConfirmDialog
        title="Delete?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      >
        This cannot be undone.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete?' })).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
