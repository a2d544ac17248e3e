import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Identifier } from 'react-admin';

/** Which dialog is open over a list screen: none, the create form, or a record's show / edit view. */
export type RecordDialogState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'show'; id: Identifier }
  | { kind: 'edit'; id: Identifier };

export type RecordDialogControls = {
  state: RecordDialogState;
  openCreate: () => void;
  openShow: (id: Identifier) => void;
  openEdit: (id: Identifier) => void;
  close: () => void;
};

const RecordDialogContext = createContext<RecordDialogControls | null>(null);

/**
 * Holds the open dialog of a list screen. The routes are fixed (SPEC §2.1: one list route per
 * resource), so create / show / edit are dialogs over the list instead of routes of their own.
 */
export function RecordDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RecordDialogState>({ kind: 'closed' });
  const close = useCallback(() => setState({ kind: 'closed' }), []);
  const openCreate = useCallback(() => setState({ kind: 'create' }), []);
  const openShow = useCallback((id: Identifier) => setState({ kind: 'show', id }), []);
  const openEdit = useCallback((id: Identifier) => setState({ kind: 'edit', id }), []);
  const value = useMemo(
    () => ({ state, openCreate, openShow, openEdit, close }),
    [state, openCreate, openShow, openEdit, close],
  );
  return <RecordDialogContext.Provider value={value}>{children}</RecordDialogContext.Provider>;
}

/** The dialog controls of the surrounding list screen (`ResourceListPage` provides them). */
export function useRecordDialog(): RecordDialogControls {
  const controls = useContext(RecordDialogContext);
  if (!controls) throw new Error('useRecordDialog must be used inside a ResourceListPage');
  return controls;
}

/** Like `useRecordDialog`, but null outside a list screen (for buttons that also work elsewhere). */
export const useOptionalRecordDialog = () => useContext(RecordDialogContext);
