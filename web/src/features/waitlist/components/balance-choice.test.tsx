import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { BalanceChoice } from './balance-choice.js';

// The server is outside this unit: it answers as the declared calls say (GET/PUT/DELETE /waitlist/place/balance).
const notGiven = { given: false, identity: null, seeking: null };

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
});
afterEach(() => vi.unstubAllGlobals());

function renderChoice() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BalanceChoice token="tok-1" />
    </QueryClientProvider>,
  );
}

describe('who you would like to meet, on the status page', () => {
  it('sends the two answers only with the consent ticked, then shows them back with a way to withdraw', async () => {
    let sent: unknown;
    network.on('GET', '/waitlist/place/balance', () => json(200, { success: true, data: notGiven }));
    network.on('PUT', '/waitlist/place/balance', ({ body }) => {
      sent = body;
      return json(200, { success: true, data: { given: true, identity: 'nonbinary', seeking: 'everyone' } });
    });
    renderChoice();

    expect(await screen.findByText(/only to balance who is invited together/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(screen.getByLabelText('I am'), { target: { value: 'nonbinary' } });
    fireEvent.change(screen.getByLabelText('I hope to meet'), { target: { value: 'everyone' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Non-binary, hoping to meet everyone')).toBeTruthy();
    expect(sent).toEqual({ token: 'tok-1', identity: 'nonbinary', seeking: 'everyone', consent: true });
    expect(screen.getByRole('button', { name: 'Withdraw and delete it' })).toBeTruthy();
  });

  it('withdrawing deletes it and says so', async () => {
    let deleted: unknown;
    network.on('GET', '/waitlist/place/balance', () =>
      json(200, { success: true, data: { given: true, identity: 'woman', seeking: 'men' } }),
    );
    network.on('DELETE', '/waitlist/place/balance', ({ body }) => {
      deleted = body;
      return json(200, { success: true, data: notGiven });
    });
    renderChoice();

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw and delete it' }));
    expect(await screen.findByText('Deleted. We keep nothing about this any more.')).toBeTruthy();
    expect(deleted).toEqual({ token: 'tok-1' });
    expect(screen.getByLabelText('I am')).toBeTruthy();
  });

  it('shows nothing when the service cannot say (the rest of the page stands)', async () => {
    network.on('GET', '/waitlist/place/balance', () =>
      json(404, { success: false, code: 'token_invalid', message: 'x' }),
    );
    const { container } = renderChoice();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
