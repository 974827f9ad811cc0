import { describe, expect, it } from 'vitest';
import { useAuthService } from '../../testing/auth-harness.js';

const auth = useAuthService();

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document of both services, without a staff token and cacheable', async () => {
    const answer = await auth.request('/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.body).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining(['/waitlist', '/api/admin/login', '/api/admin/waitlist/entries']),
    );
  });
});
