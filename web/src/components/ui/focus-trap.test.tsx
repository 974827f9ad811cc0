import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { keepTabInside } from './focus-trap.js';

function Trap() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <>
      <button type="button">Outside before</button>
      <div ref={ref} onKeyDown={(event) => keepTabInside(event, ref.current)}>
        <button type="button">First</button>
        <button type="button" disabled>
          Disabled
        </button>
        <a href="/x">Last</a>
      </div>
      <button type="button">Outside after</button>
    </>
  );
}

describe('keepTabInside', () => {
  it('wraps Tab from the last element to the first, and Shift+Tab from the first to the last', async () => {
    const user = userEvent.setup();
    render(<Trap />);
    screen.getByRole('link', { name: 'Last' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Last' })).toHaveFocus();
  });

  it('lets Tab move normally between elements inside, skipping disabled ones', async () => {
    const user = userEvent.setup();
    render(<Trap />);
    screen.getByRole('button', { name: 'First' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Last' })).toHaveFocus();
  });
});
