import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { TemplateEditorPage } from './TemplateEditorPage';

const PAGE = { paper: 'a4', margins: { top: 30, right: 20, bottom: 30, left: 20 }, pageNumbers: false };

const TEMPLATE = {
  id: 5,
  company_id: 2,
  company_name: 'Andina Firmas',
  document_type_id: 3,
  document_type_name: 'Contrato',
  name: 'Contrato de arriendo',
  status: 'active',
  current_version: 2,
  version_id: 9,
  html: '<p>Cuerpo del contrato</p>',
  header_html: '<p>Encabezado Andina</p>',
  footer_html: '<p>Pie Andina</p>',
  page: PAGE,
  fields: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};

function editorWith(callEndpoint: ReturnType<typeof vi.fn>) {
  return renderWithAdmin(<TemplateEditorPage templateId={5} />, {
    path: '/document-template/update/5',
    dataProvider: { callEndpoint } as never,
  });
}

const endpoints = (calls: Record<string, unknown>) =>
  vi.fn(async (name: string, _args?: { body?: Record<string, unknown> }) => {
    if (name in calls) return calls[name];
    if (name === 'listDocumentTypes') return { items: [{ id: 3, name: 'Contrato' }], total: 1 };
    if (name === 'getTemplateVersions') return [];
    return {};
  });

describe('the template editor', () => {
  it('keeps the header, footer and page setup of the version when it saves the body', async () => {
    const callEndpoint = endpoints({
      getTemplate: TEMPLATE,
      updateTemplate: { ...TEMPLATE, current_version: 3 },
    });
    editorWith(callEndpoint);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callEndpoint).toHaveBeenCalledWith('updateTemplate', expect.anything()));
    const [, args] = callEndpoint.mock.calls.find(([name]) => name === 'updateTemplate')!;
    expect(args?.body).toMatchObject({
      header_html: '<p>Encabezado Andina</p>',
      footer_html: '<p>Pie Andina</p>',
      page: PAGE,
    });
  });

  it('offers the header, footer, paper, margins and page numbers to edit', async () => {
    editorWith(endpoints({ getTemplate: TEMPLATE }));
    fireEvent.click(await screen.findByRole('button', { name: 'Encabezado, pie y página' }));
    expect(await screen.findByText('Encabezado Andina')).toBeInTheDocument();
    expect(screen.getByText('Pie Andina')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Margen superior (mm)' })).toHaveValue(30);
    expect(screen.getByLabelText(/Numerar páginas/)).not.toBeChecked();
  });

  it('names every toolbar control and every editing area in Spanish', async () => {
    editorWith(endpoints({ getTemplate: TEMPLATE }));
    expect(await screen.findByRole('textbox', { name: 'Contenido' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Encabezado, pie y página' }));
    expect(
      await screen.findByRole('textbox', { name: 'Encabezado (se repite en cada página)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Pie de página (se repite en cada página)' }),
    ).toBeInTheDocument();
    for (const name of [
      'Negrita',
      'Alinear a la izquierda',
      'Centrar',
      'Lista con viñetas',
      'Lista numerada',
      'Cita',
      'Agregar un enlace',
      'Insertar tabla',
      'Salto de página',
      'Borrar formato',
    ]) {
      // One toolbar per editor: the body, the header and the footer.
      const buttons = screen.getAllByRole('button', { name });
      expect(buttons).toHaveLength(3);
      for (const button of buttons) expect(button).toHaveAttribute('title', name);
    }
  });
});
