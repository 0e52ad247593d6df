import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { z } from 'zod';
import { text } from '@clinica/domain';
import { LimitedInput, MoneyInput } from './inputs';
import { SchemaField } from './SchemaField';

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

describe('a text with a server length limit', () => {
  const schema = z.object({ sku: text('SKU', { min: 4, max: 10 }) });

  function SkuForm({ onFinish }: { onFinish: (values: unknown) => void }) {
    return (
      <Form onFinish={onFinish}>
        <SchemaField schema={schema} name="sku" />
        <Form.Item name="serial" label="Serie">
          <LimitedInput max={5} />
        </Form.Item>
        <button type="submit">Guardar</button>
      </Form>
    );
  }

  it('counts the characters and keeps what goes past the limit, as an error', async () => {
    const onFinish = vi.fn();
    render(<SkuForm onFinish={onFinish} />);
    const sku = screen.getByLabelText('SKU') as HTMLInputElement;
    await userEvent.type(sku, 'ABCDEFGHIJKLMNO');
    // Not cut to 10: the 15 characters stay, the counter says how far over they are.
    expect(sku.value).toBe('ABCDEFGHIJKLMNO');
    expect(screen.getByText('15 / 10')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(/SKU/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    const serial = screen.getByLabelText('Serie') as HTMLInputElement;
    await userEvent.type(serial, '1234567');
    expect(serial.value).toBe('1234567');
    expect(screen.getByText('7 / 5')).toBeTruthy();
  });
});
