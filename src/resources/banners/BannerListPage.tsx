import TextFieldsIcon from '@mui/icons-material/TextFields';
import { Avatar, Stack, Typography } from '@mui/material';
import { DataTable, SelectInput, useRecordContext } from 'react-admin';
import { formatDate } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { ACTIVE_STATUS_STYLES, ValueChip } from '../common/ValueChip';
import { BannerDetails } from './BannerDetails';
import { BannerInputs, newBannerDefaults, useActiveStatusChoices, useAudienceChoices } from './BannerInputs';
import { BANNER_AUDIENCE_STYLES, BANNER_KIND_STYLES, BANNER_ON_SCREEN_STYLES } from './bannerStyles';

/** The title column: a thumbnail of the image (or a text icon), the title and the company. */
function BannerTitleCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
      <Avatar variant="rounded" src={record.image_url ?? undefined} alt="" sx={{ width: 56, height: 36 }}>
        <TextFieldsIcon fontSize="small" />
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {record.title}
        </Typography>
        {record.company_name ? (
          <Typography variant="caption" color="text.secondary" noWrap>
            {record.company_name}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** SPEC §2.1 admin.banner.items-crud (/list-banner/banner): banners, with create / show / edit dialogs. */
export function BannerListPage() {
  const translate = useAppTranslate();
  const statusChoices = useActiveStatusChoices();
  const audienceChoices = useAudienceChoices(true);
  const filters = [
    searchFilter('search', translate('app.platform.common.search')),
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={[
        { id: 'image', name: translate('app.platform.banners.kind_image') },
        { id: 'text', name: translate('app.platform.banners.kind_text') },
      ]}
    />,
    <SelectInput key="audience" source="audience" alwaysOn choices={audienceChoices} />,
    <SelectInput key="status" source="status" alwaysOn choices={statusChoices} />,
    <SelectInput
      key="active_now"
      source="active_now"
      alwaysOn
      choices={[
        { id: 'true', name: translate('app.platform.banners.showing_now') },
        { id: 'false', name: translate('app.platform.banners.not_showing') },
      ]}
    />,
  ];
  return (
    <ResourceListPage
      resource="banners"
      title={translate('app.platform.banners.title')}
      subtitle={translate('app.platform.banners.subtitle')}
      filters={filters}
      sort={{ field: 'starts_at', order: 'DESC' }}
      create={{
        title: translate('app.platform.banners.create'),
        content: <BannerInputs />,
        defaultValues: newBannerDefaults(),
      }}
      edit={{ title: translate('app.platform.banners.edit'), content: <BannerInputs /> }}
      show={{ title: translate('app.platform.banners.show'), content: <BannerDetails /> }}
    >
      <DataTable.Col source="title" render={() => <BannerTitleCell />} />
      <DataTable.Col
        source="kind"
        disableSort
        render={() => <ValueChip source="kind" styles={BANNER_KIND_STYLES} />}
      />
      <DataTable.Col
        source="audience"
        disableSort
        render={() => <ValueChip source="audience" styles={BANNER_AUDIENCE_STYLES} />}
      />
      <DataTable.Col source="starts_at" render={(record) => formatDate(record.starts_at)} />
      <DataTable.Col source="ends_at" render={(record) => formatDate(record.ends_at)} />
      <DataTable.Col
        source="status"
        disableSort
        render={() => <ValueChip source="status" styles={ACTIVE_STATUS_STYLES} />}
      />
      <DataTable.Col
        source="active_now"
        disableSort
        render={(record) => (
          <ValueChip source="active_now" styles={BANNER_ON_SCREEN_STYLES} value={String(record.active_now)} />
        )}
      />
      <DataTable.Col label="app.list.actions_column" disableSort>
        <Stack direction="row">
          <ViewDetailsButton />
          <UpdateButton />
          <ConfirmDeleteButton />
        </Stack>
      </DataTable.Col>
    </ResourceListPage>
  );
}
