import { Stack, Typography } from '@mui/material';
import { DataTable, SelectInput, useDataProvider, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime, formatNumber } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { PublishButton } from '../common/PublishButton';
import { htmlToText } from '../common/safeHtml';
import { PUBLICATION_STATUS_STYLES, ValueChip } from '../common/ValueChip';
import { NotificationDetails } from './NotificationDetails';
import {
  NEW_NOTIFICATION_DEFAULTS,
  NotificationInputs,
  useNotificationAudienceChoices,
} from './NotificationInputs';
import { NOTIFICATION_AUDIENCE_STYLES } from './notificationStyles';

function TitleCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack sx={{ minWidth: 220, maxWidth: 420 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.title}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {htmlToText(record.body)}
      </Typography>
    </Stack>
  );
}

function AudienceCell() {
  const record = useRecordContext();
  if (!record) return null;
  const target = record.company_name ?? record.user_name;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <ValueChip source="audience" styles={NOTIFICATION_AUDIENCE_STYLES} />
      {target ? (
        <Typography variant="caption" color="text.secondary">
          {target}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** SPEC §2.1 admin.notifications (/notifications): notifications for everyone, a company or a user. */
export function NotificationListPage() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const statusChoices = [
    { id: 'draft', name: translate('app.platform.common.draft') },
    { id: 'published', name: translate('app.platform.common.published') },
  ];
  return (
    <ResourceListPage
      resource="notifications"
      title={translate('app.platform.notifications.title')}
      subtitle={translate('app.platform.notifications.subtitle')}
      filters={[
        searchFilter('search', translate('app.platform.common.search')),
        <SelectInput key="status" source="status" alwaysOn choices={statusChoices} />,
        <SelectInput key="audience" source="audience" alwaysOn choices={useNotificationAudienceChoices()} />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      create={{
        title: translate('app.platform.notifications.create'),
        content: <NotificationInputs />,
        defaultValues: NEW_NOTIFICATION_DEFAULTS,
        maxWidth: 'md',
      }}
      edit={{
        title: translate('app.platform.notifications.edit'),
        content: <NotificationInputs />,
        maxWidth: 'md',
      }}
      show={{
        title: translate('app.platform.notifications.show'),
        content: <NotificationDetails />,
        maxWidth: 'md',
      }}
    >
      <DataTable.Col source="title" render={() => <TitleCell />} />
      <DataTable.Col source="audience" disableSort render={() => <AudienceCell />} />
      <DataTable.Col
        source="status"
        disableSort
        render={() => <ValueChip source="status" styles={PUBLICATION_STATUS_STYLES} />}
      />
      <DataTable.Col
        source="published_at"
        render={(record) => (record.published_at ? formatDateTime(record.published_at) : '—')}
      />
      <DataTable.Col
        align="right"
        source="reads"
        disableSort
        render={(record) => formatNumber(record.reads)}
      />
      <DataTable.Col label="app.list.actions_column" disableSort>
        <Stack direction="row">
          <ViewDetailsButton />
          <UpdateButton />
          <PublishButton
            publish={(record, sendEmail) =>
              dataProvider.callEndpoint('publishNotification', {
                id: Number(record.id),
                body: { send_email: sendEmail },
              })
            }
            title={(record) => translate('app.platform.notifications.publish_title', { name: record.title })}
            content={translate('app.platform.notifications.publish_content')}
            successMessage={translate('app.platform.notifications.published_toast')}
            emailOption={translate('app.platform.notifications.send_email')}
          />
          <ConfirmDeleteButton />
        </Stack>
      </DataTable.Col>
    </ResourceListPage>
  );
}
