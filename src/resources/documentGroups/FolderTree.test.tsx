import { createEvent, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { FolderTree, nestFolders, type PackageTree, subtreeIds } from './FolderTree';

const folder = (id: number, parent_id: number | null, name: string, can_edit = true) => ({
  id,
  company_id: 2,
  parent_id,
  name,
  package_count: 0,
  restricted: false,
  can_view: true,
  can_send: true,
  can_edit,
});

/** Documentos › Contratos › Laborales, Documentos › Actas (read only). */
const TREE: PackageTree = {
  root_id: 1,
  folders: [
    folder(1, null, 'Documentos'),
    folder(2, 1, 'Contratos'),
    folder(3, 2, 'Laborales'),
    folder(4, 1, 'Actas', false),
  ],
};

/** A DataTransfer for jsdom, which has none: what was set on drag start is read on drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'none',
  };
}

function drag(from: HTMLElement, to: HTMLElement) {
  const transfer = dataTransfer();
  fireEvent(from, Object.assign(createEvent.dragStart(from), { dataTransfer: transfer }));
  fireEvent(to, Object.assign(createEvent.dragOver(to), { dataTransfer: transfer }));
  fireEvent(to, Object.assign(createEvent.drop(to), { dataTransfer: transfer }));
}

describe('the folder tree', () => {
  it('nests folders under the root and knows each subtree', () => {
    const root = nestFolders(TREE);
    expect(root?.children.map((child) => child.name)).toEqual(['Contratos', 'Actas']);
    expect(root?.children[0]?.children[0]).toMatchObject({ name: 'Laborales', depth: 2 });
    expect([...subtreeIds(TREE, 2)].sort()).toEqual([2, 3]);
  });

  it('shows a WAI-ARIA tree: levels, the selected folder, arrow keys and Enter', async () => {
    const onSelect = vi.fn();
    renderWithAdmin(<FolderTree tree={TREE} selectedId={2} onSelect={onSelect} onMove={vi.fn()} />);
    const items = await screen.findAllByRole('treeitem');
    expect(items.map((item) => item.getAttribute('aria-level'))).toEqual(['1', '2', '3', '2']);
    expect(screen.getByRole('treeitem', { name: /Contratos/ })).toHaveAttribute('aria-selected', 'true');
    const contratos = screen.getByRole('treeitem', { name: /Contratos/ });
    contratos.focus();
    fireEvent.keyDown(contratos, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('Laborales');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('moves a folder dropped on another, never into its own subtree nor a read-only folder', async () => {
    const onMove = vi.fn();
    renderWithAdmin(<FolderTree tree={TREE} selectedId={1} onSelect={vi.fn()} onMove={onMove} />);
    const item = async (name: RegExp) => screen.findByRole('treeitem', { name });
    drag(await item(/Contratos/), await item(/Laborales/));
    drag(await item(/Laborales/), await item(/Actas/));
    expect(onMove).not.toHaveBeenCalled();
    drag(await item(/Laborales/), await item(/Documentos/));
    expect(onMove).toHaveBeenCalledExactlyOnceWith(3, 1);
    // The root is never dragged.
    expect(await item(/Documentos/)).toHaveAttribute('draggable', 'false');
  });
});
