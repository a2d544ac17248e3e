import type { EndpointName } from '../../contract';
import type { AppMessageKey } from '../i18n/en';
import {
  ADMINISTRATOR_PRIORITY,
  ADMINISTRATOR_ROLE_ID,
  MENU,
  type MenuEntryDefinition,
  type MenuIconName,
  type MenuItemDefinition,
  type MenuSection,
} from './menu';
import { pathOf } from './routes';

/** A visible link: its translated label and the URL it opens. */
export type MenuLinkNode = { id: string; label: string; path: string };

/** A visible top-level entry: a link, or a group of links (shown as a flyout on the rail). */
export type MenuNode = MenuLinkNode & { icon: MenuIconName; children?: readonly MenuLinkNode[] };

/** The menu split into its two groups (dividers go between them). */
export type MenuModel = readonly [readonly MenuNode[], readonly MenuNode[]];

export type MenuUser = {
  roleId: number;
  permissions: readonly string[];
  /** Whether the user may make a call (contract/access.ts); without it, permissions alone decide. */
  mayCall?: (name: EndpointName) => boolean;
};

type Translate = (key: AppMessageKey) => string;

const holdsAll = (permissions: readonly string[], required: readonly string[]) =>
  required.every((permission) => permissions.includes(permission));

function visibleLink(item: MenuItemDefinition, user: MenuUser, translate: Translate): MenuLinkNode | null {
  if (item.hidden || !holdsAll(user.permissions, item.permissions)) return null;
  if (item.endpoint && user.mayCall && !user.mayCall(item.endpoint)) return null;
  const label =
    user.roleId === ADMINISTRATOR_ROLE_ID && item.administratorLabel ? item.administratorLabel : item.label;
  return { id: item.id, label: translate(label), path: item.path ?? pathOf(item.route) };
}

function visibleNode(
  entry: MenuEntryDefinition,
  user: MenuUser,
  translate: Translate,
): (MenuNode & { section: MenuSection }) | null {
  if (entry.kind === 'item') {
    const link = visibleLink(entry, user, translate);
    return link && { ...link, icon: entry.icon, section: entry.section };
  }
  const children = entry.children.flatMap((child) => visibleLink(child, user, translate) ?? []);
  // A group shows only while at least one of its links does; it opens its first link when clicked.
  const first = children[0];
  if (!first) return null;
  return {
    id: entry.id,
    label: translate(entry.label),
    path: first.path,
    icon: entry.icon,
    section: entry.section,
    children,
  };
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });
const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);
const withoutSection = ({ section: _section, ...node }: MenuNode & { section: MenuSection }): MenuNode =>
  node;

/**
 * The menu a user sees (SPEC §2.6): an entry shows only when the user holds every permission it
 * lists (a group while any of its links does); labels follow the role. Two groups, each sorted by
 * label: the daily work (requests, history, reports…) and the management (settings, administration,
 * statistics, support). For role 20 the first group is the priority order instead — Administración,
 * the certificate-signature settings, Dashboard, Reporte — and everything else forms the second.
 */
export function buildMenu(
  user: MenuUser,
  translate: Translate,
  entries: readonly MenuEntryDefinition[] = MENU,
): MenuModel {
  const visible = entries.flatMap((entry) => visibleNode(entry, user, translate) ?? []);
  if (user.roleId === ADMINISTRATOR_ROLE_ID) {
    const rank = (id: string) => (ADMINISTRATOR_PRIORITY as readonly string[]).indexOf(id);
    const priority = visible.filter((node) => rank(node.id) >= 0).sort((a, b) => rank(a.id) - rank(b.id));
    const rest = visible.filter((node) => rank(node.id) < 0);
    const sections: MenuSection[] = ['work', 'management'];
    const ordered = sections.flatMap((section) =>
      rest.filter((node) => node.section === section).sort(byLabel),
    );
    return [priority.map(withoutSection), ordered.map(withoutSection)];
  }
  const section = (name: MenuSection) =>
    visible
      .filter((node) => node.section === name)
      .sort(byLabel)
      .map(withoutSection);
  return [section('work'), section('management')];
}

/**
 * The label the user sees in the menu for the page at `pathname` (a page's heading equals it), the
 * first link to that path in menu order; undefined when no visible link leads there.
 */
export function menuLabelOf(model: MenuModel, pathname: string): string | undefined {
  for (const node of model.flat()) {
    const links = node.children ?? [node];
    const match = links.find((link) => link.path === pathname);
    if (match) return match.label;
  }
  return undefined;
}
