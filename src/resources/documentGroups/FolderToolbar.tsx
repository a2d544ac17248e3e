import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useMayCall } from '../../access/endpointAccess';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FolderPermissionsDialog } from './FolderPermissionsDialog';
import { type PackageTree, subtreeIds, type TreeFolder } from './FolderTree';

export type FolderAction =
  | { action: 'create'; name: string }
  | { action: 'rename'; name: string }
  | { action: 'move'; parent_id: number }
  | { action: 'delete' };

type FolderToolbarProps = {
  tree: PackageTree;
  folder: TreeFolder;
  companyId: number;
  /** Sends the action for `folderId`; resolves true when the server accepted it. */
  run: (folderId: number, action: FolderAction) => Promise<boolean>;
};

type OpenDialog = 'create' | 'rename' | 'move' | 'delete' | 'permissions' | null;

function ToolButton({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function FormDialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const translate = useAppTranslate();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <form onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{translate('app.list.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={props.danger ? 'error' : 'primary'}
            disabled={busy}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The selected folder's actions: new subfolder, rename, move, delete, permissions — those the
 * user may call (none at all: no toolbar), enabled where the folder's rights allow.
 */
export function FolderToolbar({ tree, folder, companyId, run }: FolderToolbarProps) {
  const translate = useAppTranslate();
  const mayCall = useMayCall();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [name, setName] = useState('');
  const [target, setTarget] = useState<number | ''>('');
  const mayEdit = mayCall('updateFolder');
  const mayShare = mayCall('setFolderPermissions');
  const isRoot = folder.parent_id === null;
  const close = () => setOpen(null);
  const show = (dialog: OpenDialog) => {
    setName(dialog === 'rename' ? folder.name : '');
    setTarget('');
    setOpen(dialog);
  };
  const submit = async (action: FolderAction) => {
    if (await run(folder.id, action)) close();
  };
  const excluded = subtreeIds(tree, folder.id);
  const targets = tree.folders.filter(
    (each) => each.can_edit && !excluded.has(each.id) && each.id !== folder.parent_id,
  );
  const nameField = (
    <TextField
      autoFocus
      required
      fullWidth
      margin="dense"
      label={translate('app.document_groups.folder_name')}
      value={name}
      onChange={(event) => setName(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 120 } }}
    />
  );
  if (!mayEdit && !mayShare) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {mayEdit ? (
        <>
          <ToolButton
            label={translate('app.document_groups.new_folder')}
            icon={<CreateNewFolderOutlinedIcon />}
            onClick={() => show('create')}
            disabled={!folder.can_edit}
          />
          <ToolButton
            label={translate('app.document_groups.rename_folder')}
            icon={<DriveFileRenameOutlineIcon />}
            onClick={() => show('rename')}
            disabled={!folder.can_edit || isRoot}
          />
          <ToolButton
            label={translate('app.document_groups.move_folder')}
            icon={<DriveFileMoveOutlinedIcon />}
            onClick={() => show('move')}
            disabled={!folder.can_edit || isRoot}
          />
        </>
      ) : null}
      {mayShare ? (
        <ToolButton
          label={translate('app.document_groups.folder_permissions')}
          icon={<LockPersonOutlinedIcon />}
          onClick={() => show('permissions')}
          disabled={!folder.can_edit}
        />
      ) : null}
      {mayEdit ? (
        <ToolButton
          label={translate('app.document_groups.delete_folder')}
          icon={<DeleteOutlineIcon />}
          onClick={() => show('delete')}
          disabled={!folder.can_edit || isRoot}
        />
      ) : null}
      <FormDialog
        open={open === 'create'}
        title={translate('app.document_groups.new_subfolder', { name: folder.name })}
        onClose={close}
        onSubmit={() => submit({ action: 'create', name })}
        submitLabel={translate('app.list.actions.add')}
      >
        {nameField}
      </FormDialog>
      <FormDialog
        open={open === 'rename'}
        title={translate('app.document_groups.rename_folder')}
        onClose={close}
        onSubmit={() => submit({ action: 'rename', name })}
        submitLabel={translate('app.list.save')}
      >
        {nameField}
      </FormDialog>
      <FormDialog
        open={open === 'move'}
        title={translate('app.document_groups.move_folder')}
        onClose={close}
        onSubmit={async () => {
          if (target !== '') await submit({ action: 'move', parent_id: target });
        }}
        submitLabel={translate('app.document_groups.move_folder')}
      >
        <TextField
          select
          required
          fullWidth
          margin="dense"
          label={translate('app.document_groups.move_to', { name: folder.name })}
          value={target}
          onChange={(event) => setTarget(Number(event.target.value))}
        >
          {targets.map((each) => (
            <MenuItem key={each.id} value={each.id}>
              {each.name}
            </MenuItem>
          ))}
        </TextField>
      </FormDialog>
      <FormDialog
        open={open === 'delete'}
        title={translate('app.document_groups.delete_folder')}
        onClose={close}
        onSubmit={() => submit({ action: 'delete' })}
        submitLabel={translate('app.list.actions.delete')}
        danger
      >
        <DialogContentText>
          {translate('app.document_groups.delete_folder_confirm', { name: folder.name })}
        </DialogContentText>
      </FormDialog>
      {open === 'permissions' ? (
        <FolderPermissionsDialog folder={folder} companyId={companyId} onClose={close} />
      ) : null}
    </Stack>
  );
}
