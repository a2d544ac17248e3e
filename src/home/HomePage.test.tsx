import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('is titled "Inicio" and greets the user by full name', async () => {
    renderWithAdmin(<HomePage />, { path: '/home' });
    expect(screen.getByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(await screen.findByText('Hola, Ana María Pérez')).toBeInTheDocument();
  });
});
