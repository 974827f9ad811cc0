import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Icon } from './icon.js';

describe('Icon', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a known icon, hidden from assistive technology unless it has a label', () => {
    const { container, rerender, getByRole } = render(<Icon name="heart" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Icon name="heart" label="Favourite" />);
    expect(getByRole('img', { name: 'Favourite' })).toBeInTheDocument();
  });

  it('only warns in the console about an unknown name, and renders nothing instead of failing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<Icon name="unicorn" />);
    expect(container).toBeEmptyDOMElement();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"unicorn"'));
  });
});
