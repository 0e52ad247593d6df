/**
 * The instant every test starts at: each test app's ManualClock, and the demo the tests copy is
 * seeded as of it, so the demo's "today" and the tests' dates never drift apart as real days pass.
 */
export const TEST_START = '2026-11-20T17:00:00Z';
