import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Paper,
  Popper,
  Tooltip,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MenuLinkNode, MenuModel, MenuNode } from '../access/menuModel';
import { MENU_ICONS } from './menuIcons';

export type SideMenuProps = {
  menu: MenuModel;
  collapsed: boolean;
  /** Called after a link is followed (the temporary drawer closes). */
  onNavigate?: () => void;
};

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const itemSx = { minHeight: 44, borderRadius: 2, mx: 1, my: 0.25, px: 1.5 } as const;
const railItemSx = { ...itemSx, justifyContent: 'center', px: 0 } as const;
// Long Spanish labels ("Configuración de funcionalidades") fit the 260 px panel on one line.
const topLabelProps = { variant: 'body2', sx: { fontWeight: 500 } } as const;

function NodeIcon({ node }: { node: MenuNode }) {
  const Icon = MENU_ICONS[node.icon];
  return <Icon fontSize="small" />;
}

function MenuLink({
  node,
  collapsed,
  onNavigate,
}: {
  node: MenuNode;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isActive(pathname, node.path);
  const button = (
    <ListItemButton
      component={Link}
      to={node.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? node.label : undefined}
      onClick={onNavigate}
      data-menu-entry={node.id}
      sx={collapsed ? railItemSx : itemSx}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: active ? 'primary.main' : undefined }}>
        <NodeIcon node={node} />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={node.label} slotProps={{ primary: topLabelProps }} />}
    </ListItemButton>
  );
  // On the rail the label is a tooltip.
  return collapsed ? (
    <Tooltip title={node.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function ChildLinks({
  links,
  onNavigate,
  dense,
}: {
  links: readonly MenuLinkNode[];
  onNavigate?: () => void;
  dense?: boolean;
}) {
  const { pathname } = useLocation();
  return links.map((link) => {
    const active = isActive(pathname, link.path);
    return (
      <ListItemButton
        key={link.id}
        component={Link}
        to={link.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        data-menu-entry={link.id}
        sx={dense ? { minHeight: 40, px: 2 } : { ...itemSx, pl: 6.5, minHeight: 40 }}
      >
        <ListItemText primary={link.label} slotProps={{ primary: { variant: 'body2' } }} />
      </ListItemButton>
    );
  });
}

/** An expanded group: a header that opens and closes its links (open while one of them is current). */
function MenuGroup({ node, onNavigate }: { node: MenuNode; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const children = node.children ?? [];
  const containsCurrent = children.some((child) => isActive(pathname, child.path));
  const [open, setOpen] = useState(containsCurrent);
  const listId = useId();
  useEffect(() => {
    if (containsCurrent) setOpen(true);
  }, [containsCurrent]);
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        data-menu-entry={node.id}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 36, color: containsCurrent ? 'primary.main' : undefined }}>
          <NodeIcon node={node} />
        </ListItemIcon>
        <ListItemText primary={node.label} slotProps={{ primary: topLabelProps }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={listId}>
        <List component="div" disablePadding>
          <ChildLinks links={children} onNavigate={onNavigate} />
        </List>
      </Collapse>
    </>
  );
}

/** A group on the rail: its links fly out to the right on hover, focus or click. */
function RailGroup({ node, onNavigate }: { node: MenuNode; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const anchor = useRef<HTMLDivElement | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const flyoutId = useId();
  const children = node.children ?? [];
  const containsCurrent = children.some((child) => isActive(pathname, child.path));

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short delay lets the pointer cross the gap between the rail and the flyout.
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return (
    <>
      <ListItemButton
        ref={anchor}
        aria-label={node.label}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? flyoutId : undefined}
        selected={containsCurrent}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        data-menu-entry={node.id}
        sx={railItemSx}
      >
        <ListItemIcon sx={{ minWidth: 0, color: containsCurrent ? 'primary.main' : undefined }}>
          <NodeIcon node={node} />
        </ListItemIcon>
      </ListItemButton>
      <Popper
        open={open}
        anchorEl={anchor.current}
        placement="right-start"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
      >
        <Paper
          id={flyoutId}
          elevation={8}
          onMouseEnter={show}
          onMouseLeave={hideSoon}
          data-testid="menu-flyout"
          sx={{ ml: 1, minWidth: 220, py: 0.5 }}
        >
          <List
            dense
            aria-label={node.label}
            subheader={
              <ListSubheader component="div" sx={{ lineHeight: '36px', fontWeight: 700 }}>
                {node.label}
              </ListSubheader>
            }
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
            }}
          >
            <ChildLinks
              links={children}
              dense
              onNavigate={() => {
                setOpen(false);
                onNavigate?.();
              }}
            />
          </List>
        </Paper>
      </Popper>
    </>
  );
}

/** The side menu of SPEC §2.6: its two groups between dividers, as full rows or as a 64 px rail. */
export function SideMenu({ menu, collapsed, onNavigate }: SideMenuProps) {
  return (
    <>
      {menu.map((group, index) =>
        group.length === 0 ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two groups are fixed positions
          <List key={index} component="div" disablePadding data-menu-group={index + 1} sx={{ py: 1 }}>
            {index > 0 && menu[0].length > 0 && <Divider sx={{ mb: 1, mx: 2 }} />}
            {group.map((node) => {
              if (!node.children) {
                return <MenuLink key={node.id} node={node} collapsed={collapsed} onNavigate={onNavigate} />;
              }
              return collapsed ? (
                <RailGroup key={node.id} node={node} onNavigate={onNavigate} />
              ) : (
                <MenuGroup key={node.id} node={node} onNavigate={onNavigate} />
              );
            })}
          </List>
        ),
      )}
    </>
  );
}
