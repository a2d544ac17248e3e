import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { DigitsInput, onlyDigits } from './DigitsInput';
import { requiredField } from './validators';

describe('onlyDigits', () => {
  it('drops every character that is not a digit', () => {
    expect(onlyDigits('1.023.456-7 ab')).toBe('10234567');
    expect(onlyDigits('')).toBe('');
  });
});

describe('DigitsInput', () => {
  it('accepts only digits as the user types, keeps leading zeros and submits text', async () => {
    const onSubmit = vi.fn();
    renderWithAdmin(
      <Form onSubmit={onSubmit}>
        <DigitsInput source="document_number" label="Número de documento" validate={requiredField()} />
        <button type="submit">Guardar</button>
      </Form>,
    );
    const input = screen.getByLabelText(/Número de documento/);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(input, { target: { value: '00a12-3' } });
    expect(input).toHaveValue('00123');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ document_number: '00123' });
  });

  it('can store a number instead', async () => {
    const onSubmit = vi.fn();
    renderWithAdmin(
      <Form onSubmit={onSubmit}>
        <DigitsInput source="quantity" label="Cantidad" valueAs="number" />
        <button type="submit">Guardar</button>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '1x5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ quantity: 15 });
  });
});
