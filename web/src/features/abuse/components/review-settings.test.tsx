import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.js';
import { ReviewSettings } from './review-settings.js';

// fetch is the edge to the service, outside this unit: the test answers as the service does.
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const queue = {
  entries: [
    {
      id: 7,
      email: 'slow@dns.test',
      status: 'pending',
      reasons: ['dns_unavailable'],
      createdAt: '2026-11-25T09:00:00.000Z',
    },
  ],
  credits: [
    {
      referredId: 42,
      referredEmail: 'fake1@farm.test',
      referrerId: 1,
      referrerEmail: 'farmer@farm.test',
      rule: 'same_network',
      createdAt: '2026-11-25T09:01:00.000Z',
    },
  ],
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/admin/waitlist/review') return json(200, queue);
    if (path === '/api/admin/waitlist/domain-rules' && (init?.method ?? 'GET') === 'GET')
      return json(200, { items: [] });
    if (path.startsWith('/api/admin/waitlist/review/')) return json(200, { success: true, message: 'ok' });
    return json(404, { success: false, code: 'not_found', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('admin_token', 'token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Settings › Review', () => {
  it('lists held credits and flagged entries with their reasons, and sends the decision staff take', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReviewSettings />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('rowheader', { name: 'fake1@farm.test' })).toBeInTheDocument();
    expect(screen.getByText('Many referred sign-ups from one network')).toBeInTheDocument();
    expect(screen.getByText('The DNS did not answer in time when this address signed up')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Approve the credit of fake1@farm.test' }));
    expect(await screen.findByText('the credit of fake1@farm.test: approved.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([path]) => String(path) === '/api/admin/waitlist/review/credits/42');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ decision: 'approve' });

    fireEvent.click(screen.getByRole('button', { name: 'Reject slow@dns.test' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([path]) => String(path) === '/api/admin/waitlist/review/entries/7')).toBe(true),
    );
  });
});
