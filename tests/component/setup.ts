import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts what a test rendered only when the runner has globals; Vitest's are off.
afterEach(() => cleanup());
