import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// antd's first render of a table or a modal is slow on a loaded two-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
