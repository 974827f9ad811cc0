/** A point in time after which a user's wait is over, shared by every attempt of one action. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly expiresAt: number;
  remaining(): number;
  /** Stops the timer once the action settled. */
  clear(): void;
}

export function createDeadline(ms: number): Deadline {
  const controller = new AbortController();
  const expiresAt = Date.now() + ms;
  const timer = setTimeout(() => controller.abort(new DeadlineExceededError()), ms);
  return {
    signal: controller.signal,
    expiresAt,
    remaining: () => Math.max(0, expiresAt - Date.now()),
    clear: () => clearTimeout(timer),
  };
}

export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
  constructor() {
    super('The request took too long');
  }
}
