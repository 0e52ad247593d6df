import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MoneyInput } from './inputs';

describe('the money input', () => {
  it.each([
    [1234.5, '1,234.50'],
    [30, '30.00'],
    [0.1, '0.10'],
  ])('shows %s with two decimals as %s', (value, shown) => {
    const { container } = render(<MoneyInput value={value} onChange={() => undefined} />);
    expect(container.querySelector('input')?.value).toBe(shown);
    expect(container.textContent).toContain('$');
  });
});
