import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// antd's first render of a table or a modal is slow on a loaded two-core machine; CI's machine
// was seen to take over 5 s to open a select's list while the API files ran beside it. A passing
// wait ends as soon as its element shows, so only a failure waits the whole 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
