import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion, nextOpenIndex } from './accordion.js';

const items = [
  { question: 'First question?', answer: 'First answer.' },
  { question: 'Second question?', answer: 'Second answer.' },
  { question: 'Third question?', answer: 'Third answer.' },
];

describe('the accordion rule', () => {
  it('opens the clicked item, closes it when clicked again, and switches when another is clicked', () => {
    expect(nextOpenIndex(null, 1)).toBe(1);
    expect(nextOpenIndex(1, 1)).toBeNull();
    expect(nextOpenIndex(1, 2)).toBe(2);
  });
});

describe('Accordion', () => {
  const button = (name: string) => screen.getByRole('button', { name });

  it('starts with every item closed, each button controlling its own hidden answer', () => {
    render(<Accordion items={items} />);
    for (const item of items) {
      const trigger = button(item.question);
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
    }
  });

  it('shows one answer at a time: opening another item closes the open one', () => {
    render(<Accordion items={items} />);
    fireEvent.click(button('First question?'));
    expect(button('First question?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question?' })).toHaveTextContent('First answer.');

    fireEvent.click(button('Third question?'));
    expect(button('First question?')).toHaveAttribute('aria-expanded', 'false');
    expect(button('Third question?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open item when it is clicked again', () => {
    render(<Accordion items={items} />);
    fireEvent.click(button('Second question?'));
    fireEvent.click(button('Second question?'));
    expect(button('Second question?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});
