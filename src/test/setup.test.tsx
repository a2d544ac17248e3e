import { getConfig, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from './setup.js';

/** A text that appears only after `delayMs`, like a list whose data arrives late on a busy machine. */
function LateText({ delayMs }: { delayMs: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return <p>{shown ? 'Datos cargados' : 'Cargando…'}</p>;
}

describe('shared web test setup', () => {
  it('gives findBy* and waitFor a limit sized for a loaded machine', () => {
    expect(getConfig().asyncUtilTimeout).toBe(ASYNC_UTIL_TIMEOUT_MS);
    expect(ASYNC_UTIL_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
  });

  it('finds a text that appears later than the library default of 1 s', async () => {
    render(<LateText delayMs={1_500} />);
    expect(await screen.findByText('Datos cargados')).toBeInTheDocument();
  });
});
