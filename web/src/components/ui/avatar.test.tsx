import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.js';

describe('Avatar', () => {
  it('shows the photo, lazily loaded and sized, when there is one', () => {
    render(<Avatar src="/images/avatars/amara.svg" alt="Portrait of Amara" />);
    const image = screen.getByRole('img', { name: 'Portrait of Amara' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '56');
  });

  it('shows the person icon when there is no image', () => {
    render(<Avatar src={null} alt="Portrait of Sam" />);
    const fallback = screen.getByRole('img', { name: 'Portrait of Sam' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.querySelector('svg')).not.toBeNull();
  });

  it('swaps to the person icon when the image fails to load', () => {
    render(<Avatar src="/images/missing.svg" alt="Portrait of Kim" />);
    fireEvent.error(screen.getByRole('img', { name: 'Portrait of Kim' }));
    const fallback = screen.getByRole('img', { name: 'Portrait of Kim' });
    expect(fallback.tagName).toBe('SPAN');
  });
});
