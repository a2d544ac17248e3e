import AddIcon from '@mui/icons-material/Add';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CodeIcon from '@mui/icons-material/Code';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UpdateIcon from '@mui/icons-material/Update';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Button } from '@mui/material';
import type { ReactElement } from 'react';
import { type RaRecord, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RowActionButton } from './RowActionButton';
import { useOptionalRecordDialog } from './recordDialogState';

/** Props of a §2.7 row action: what to do with the row's record (or a route to go to). */
export type RowActionProps = {
  onClick?: (record: RaRecord) => void;
  /** Navigate instead (e.g. the fixed edit route `/user/company/update/:id`). */
  to?: (record: RaRecord) => string;
  /** Overrides the default Spanish label. */
  label?: string;
  disabled?: boolean;
  record?: RaRecord;
};

type DefaultAction = 'show' | 'edit' | null;

/** Builds one §2.7 action button: an icon with a Spanish tooltip, acting on the row's record. */
function rowAction(labelKey: AppMessageKey, icon: ReactElement, defaultAction: DefaultAction, name: string) {
  function Action({ onClick, to, label, disabled, record: recordProp }: RowActionProps) {
    const contextRecord = useRecordContext();
    const record = recordProp ?? contextRecord;
    const dialogs = useOptionalRecordDialog();
    const navigate = useNavigate();
    const translate = useAppTranslate();
    if (!record) return null;
    const run = () => {
      if (onClick) return onClick(record);
      if (to) return navigate(to(record));
      if (defaultAction === 'show') return dialogs?.openShow(record.id);
      if (defaultAction === 'edit') return dialogs?.openEdit(record.id);
    };
    return (
      <RowActionButton label={label ?? translate(labelKey)} icon={icon} onClick={run} disabled={disabled} />
    );
  }
  Action.displayName = name;
  return Action;
}

/** "Ver detalles": opens the show dialog of the list by default. */
export const ViewDetailsButton = rowAction(
  'app.list.actions.view_details',
  <VisibilityOutlinedIcon />,
  'show',
  'ViewDetailsButton',
);
/** "Actualizar": opens the edit dialog by default, or goes to `to(record)`. */
export const UpdateButton = rowAction('app.list.actions.update', <UpdateIcon />, 'edit', 'UpdateButton');
/** "Editar": same as update, for screens whose wording says edit. */
export const EditButton = rowAction('app.list.actions.edit', <EditOutlinedIcon />, 'edit', 'EditButton');
export const JsonButton = rowAction('app.list.actions.json', <CodeIcon />, null, 'JsonButton');
export const CertificateButton = rowAction(
  'app.list.actions.certificate',
  <VerifiedOutlinedIcon />,
  null,
  'CertificateButton',
);
export const SearchRecordButton = rowAction(
  'app.list.actions.search',
  <SearchIcon />,
  null,
  'SearchRecordButton',
);
export const ResendButton = rowAction('app.list.actions.resend', <SendOutlinedIcon />, null, 'ResendButton');
export const CancelActionButton = rowAction(
  'app.list.actions.cancel',
  <CancelOutlinedIcon />,
  null,
  'CancelActionButton',
);
export const HistoryButton = rowAction('app.list.actions.history', <HistoryIcon />, null, 'HistoryButton');
export const ActivateUserButton = rowAction(
  'app.list.actions.activate_user',
  <HowToRegOutlinedIcon />,
  null,
  'ActivateUserButton',
);

export type AddButtonProps = { onClick?: () => void; label?: string };

/** "Agregar" in the list toolbar: opens the create dialog by default. */
export function AddButton({ onClick, label }: AddButtonProps) {
  const dialogs = useOptionalRecordDialog();
  const translate = useAppTranslate();
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick ?? dialogs?.openCreate}>
      {label ?? translate('app.list.actions.add')}
    </Button>
  );
}
