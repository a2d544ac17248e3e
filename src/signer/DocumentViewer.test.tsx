import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocumentViewer } from './DocumentViewer';
import { signingView } from './signingTestKit';

describe('DocumentViewer', () => {
  it('zooms the pages in and out within its limits, and a zoomed page can be scrolled by keyboard', async () => {
    render(<DocumentViewer documents={signingView().documents} paged={false} />);
    const user = userEvent.setup();
    const zoomIn = screen.getByRole('button', { name: 'Acercar' });
    const zoomOut = screen.getByRole('button', { name: 'Alejar' });
    expect(screen.getByText('100 %')).toBeInTheDocument();
    expect(zoomOut).toBeDisabled();
    expect(screen.queryByRole('group', { name: /ampliada/ })).not.toBeInTheDocument();
    await user.click(zoomIn);
    expect(screen.getByText('150 %')).toBeInTheDocument();
    const frame = screen.getByRole('group', { name: 'Contrato (1), página 1 ampliada' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toContainElement(screen.getByRole('img', { name: 'Contrato (1), página 1 de 1' }));
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(screen.getByText('300 %')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    await user.click(zoomOut);
    expect(screen.getByText('200 %')).toBeInTheDocument();
  });

  it('shows every page with no pager on a desktop', () => {
    render(<DocumentViewer documents={signingView().documents} paged={false} />);
    expect(screen.getByRole('img', { name: 'Contrato (1), página 1 de 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).not.toBeInTheDocument();
  });
});
