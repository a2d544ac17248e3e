import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Typography } from '@mui/material';
import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type PackageTree = EndpointReply<'getPackageTree'>;
export type TreeFolder = PackageTree['folders'][number];

type FolderNode = TreeFolder & { children: FolderNode[]; depth: number };

/** The folders as nested nodes under the root, in the order the server gives (by name). */
export function nestFolders(tree: PackageTree): FolderNode | null {
  const nodes = new Map<number, FolderNode>(
    tree.folders.map((folder) => [folder.id, { ...folder, children: [], depth: 0 }]),
  );
  for (const node of nodes.values()) {
    if (node.parent_id !== null) nodes.get(node.parent_id)?.children.push(node);
  }
  const root = nodes.get(tree.root_id) ?? null;
  const setDepth = (node: FolderNode, depth: number) => {
    node.depth = depth;
    for (const child of node.children) setDepth(child, depth + 1);
  };
  if (root) setDepth(root, 0);
  return root;
}

/** Ids of a folder and everything below it (a folder never moves into these). */
export function subtreeIds(tree: PackageTree, folderId: number): Set<number> {
  const ids = new Set([folderId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of tree.folders) {
      if (folder.parent_id !== null && ids.has(folder.parent_id) && !ids.has(folder.id)) {
        ids.add(folder.id);
        grew = true;
      }
    }
  }
  return ids;
}

type FolderTreeProps = {
  tree: PackageTree;
  selectedId: number;
  onSelect: (folderId: number) => void;
  /** Drop of a folder onto another: move it there (the caller asks the server); none: no dragging. */
  onMove?: (folderId: number, parentId: number) => void;
};

const DRAG_TYPE = 'application/x-rubrica-folder';

/**
 * The folder tree (WAI-ARIA tree: arrow keys move, Enter selects). Folders the user may edit can
 * be dragged onto another editable folder outside their own subtree; the toolbar's "Mover" does
 * the same without a mouse.
 */
export function FolderTree({ tree, selectedId, onSelect, onMove }: FolderTreeProps) {
  const translate = useAppTranslate();
  const root = useMemo(() => nestFolders(tree), [tree]);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const forbidden = useMemo(() => (dragged ? subtreeIds(tree, dragged) : new Set<number>()), [tree, dragged]);
  if (!root) return null;
  const flat: FolderNode[] = [];
  const walk = (node: FolderNode) => {
    flat.push(node);
    for (const child of node.children) walk(child);
  };
  walk(root);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const next = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : null;
    if (next !== null && flat[next]) {
      event.preventDefault();
      document.getElementById(`folder-${flat[next].id}`)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(flat[index]!.id);
    }
  };
  const canDrop = (target: FolderNode) => dragged !== null && target.can_edit && !forbidden.has(target.id);
  const onDrop = (event: DragEvent<HTMLElement>, target: FolderNode) => {
    event.preventDefault();
    const folderId = Number(event.dataTransfer.getData(DRAG_TYPE));
    setDropTarget(null);
    setDragged(null);
    if (folderId && canDrop(target)) onMove?.(folderId, target.id);
  };

  return (
    <Box
      component="ul"
      role="tree"
      aria-label={translate('app.document_groups.folder_tree')}
      sx={{ p: 0, m: 0 }}
    >
      {flat.map((node, index) => {
        const selected = node.id === selectedId;
        const draggable = onMove !== undefined && node.parent_id !== null && node.can_edit;
        return (
          <Box
            component="li"
            key={node.id}
            id={`folder-${node.id}`}
            role="treeitem"
            aria-level={node.depth + 1}
            aria-selected={selected}
            aria-disabled={!node.can_view}
            tabIndex={selected ? 0 : -1}
            draggable={draggable}
            data-folder-name={node.name}
            onClick={() => onSelect(node.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, String(node.id));
              event.dataTransfer.effectAllowed = 'move';
              setDragged(node.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setDropTarget(null);
            }}
            onDragOver={(event) => {
              if (!canDrop(node)) return;
              event.preventDefault();
              setDropTarget(node.id);
            }}
            onDragLeave={() => setDropTarget((current) => (current === node.id ? null : current))}
            onDrop={(event) => onDrop(event, node)}
            sx={{
              listStyle: 'none',
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pl: 1 + node.depth * 2,
              pr: 1,
              py: 0.75,
              borderRadius: 1,
              cursor: 'pointer',
              minWidth: 0,
              color: node.can_view ? 'text.primary' : 'text.secondary',
              bgcolor: selected ? 'action.selected' : dropTarget === node.id ? 'action.hover' : 'transparent',
              outline: dropTarget === node.id ? '2px dashed' : 'none',
              outlineColor: 'primary.main',
              '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <FolderOutlinedIcon fontSize="small" aria-hidden />
            <Typography
              variant="body2"
              noWrap
              sx={{ flex: 1, minWidth: 0, fontWeight: selected ? 600 : 400 }}
            >
              {node.name}
            </Typography>
            {node.restricted ? (
              <Box
                component="span"
                role="img"
                title={translate('app.document_groups.restricted')}
                aria-label={translate('app.document_groups.restricted')}
                sx={{ display: 'inline-flex', color: 'text.secondary' }}
              >
                <LockOutlinedIcon fontSize="inherit" aria-hidden />
              </Box>
            ) : null}
            {node.package_count ? (
              <Typography variant="caption" color="text.secondary">
                {node.package_count}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
