import { Stack, Typography } from '@mui/material';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { PublishButton } from '../../framework/common/PublishButton';
import { htmlToText } from '../../framework/common/safeHtml';
import { ValueChip } from '../../framework/common/ValueChip';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NOTIFICATION_AUDIENCE_STYLES } from './notificationStyles';

/** The title column: the title over the first words of the text. */
export function NotificationTitleCell() {
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

/** The audience column: everyone, or the company or user it goes to. */
export function NotificationAudienceCell() {
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

/** "Publicar" (publish_notification), optionally e-mailing the audience too. */
export function PublishNotificationButton() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <PublishButton
      endpoint="publishNotification"
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
  );
}
