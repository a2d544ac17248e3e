import { Stack } from '@mui/material';
import { DataTable, SelectInput, TextInput, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { PublishButton } from '../common/PublishButton';
import { PUBLICATION_STATUS_STYLES, ValueChip } from '../common/ValueChip';
import { HelpArticleDetails } from './HelpArticleDetails';
import { HelpArticleInputs, NEW_HELP_ARTICLE_DEFAULTS, usePublicationChoices } from './HelpArticleInputs';

/** SPEC §2.1 admin.help_center (/help_center): the articles of the FAQ page. */
export function HelpArticleListPage() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ResourceListPage
      resource="help_articles"
      title={translate('app.platform.help.title')}
      subtitle={translate('app.platform.help.subtitle')}
      filters={[
        searchFilter('search', translate('app.platform.common.search')),
        <SelectInput key="status" source="status" alwaysOn choices={usePublicationChoices()} />,
        <TextInput key="category" source="category" alwaysOn resettable />,
      ]}
      sort={{ field: 'category', order: 'ASC' }}
      create={{
        title: translate('app.platform.help.create'),
        content: <HelpArticleInputs />,
        defaultValues: NEW_HELP_ARTICLE_DEFAULTS,
        maxWidth: 'md',
      }}
      edit={{ title: translate('app.platform.help.edit'), content: <HelpArticleInputs />, maxWidth: 'md' }}
      show={{ title: translate('app.platform.help.show'), content: <HelpArticleDetails />, maxWidth: 'md' }}
    >
      <DataTable.Col source="title" />
      <DataTable.Col source="category" />
      <DataTable.NumberCol source="position" />
      <DataTable.Col
        source="status"
        disableSort
        render={() => <ValueChip source="status" styles={PUBLICATION_STATUS_STYLES} />}
      />
      <DataTable.Col
        source="published_at"
        render={(record) => (record.published_at ? formatDateTime(record.published_at) : '—')}
      />
      <DataTable.Col label="app.list.actions_column" disableSort>
        <Stack direction="row">
          <ViewDetailsButton />
          <UpdateButton />
          <PublishButton
            // Help articles have no publish endpoint: publishing is setting the status.
            publish={(record) =>
              dataProvider.callEndpoint('updateHelpArticle', {
                id: Number(record.id),
                body: { status: 'published' },
              })
            }
            title={(record) => translate('app.platform.help.publish_title', { name: record.title })}
            content={translate('app.platform.help.publish_content')}
            successMessage={translate('app.platform.help.published_toast')}
          />
          <ConfirmDeleteButton />
        </Stack>
      </DataTable.Col>
    </ResourceListPage>
  );
}
