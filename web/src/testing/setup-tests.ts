import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* waits 1 s by default; a lazily loaded admin screen can take longer than that to render in jsdom on a loaded
// 2-core machine (the e2e suite may run alongside), which failed tests that were right.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
