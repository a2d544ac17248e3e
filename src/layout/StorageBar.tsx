import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import { Box, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { PLATFORM_COMPANY_ID } from '../../contract/permissions';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { storageLabels, storageUsage } from './storage';

export type StorageBarProps = { companyId: number; collapsed: boolean };

/**
 * SPEC §2.6 storage bar: used GB of total GB as a percentage. Company 1 (the platform) neither sees
 * it nor asks for its statistics; a failed request shows nothing (SPEC §7.3).
 */
export function StorageBar({ companyId, collapsed }: StorageBarProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const enabled = companyId !== PLATFORM_COMPANY_ID;
  const { data } = useQuery({
    queryKey: ['getCompanyStatistics', companyId],
    queryFn: async ({ signal }) =>
      (await dataProvider.tryCallEndpoint(
        'getCompanyStatistics',
        { body: { company_id: companyId } },
        { signal },
      )) ?? null,
    enabled,
    staleTime: 5 * 60 * 1000,
  });
  if (!enabled || !data) return null;

  const usage = storageUsage(data);
  const labels = storageLabels(usage);
  const summary = translate('app.storage.summary', labels);
  const bar = (
    <LinearProgress
      variant="determinate"
      value={Math.min(100, usage.percent)}
      color={usage.percent >= 90 ? 'error' : 'primary'}
      aria-label={translate('app.storage.title')}
      aria-valuetext={summary}
      sx={{ height: 6, borderRadius: 3 }}
    />
  );

  if (collapsed) {
    return (
      <Tooltip title={summary} placement="right">
        <Stack data-testid="storage-bar" data-percent={labels.percent} spacing={0.5} sx={{ px: 1.5, py: 1 }}>
          <StorageOutlinedIcon fontSize="small" color="action" sx={{ alignSelf: 'center' }} aria-hidden />
          {bar}
        </Stack>
      </Tooltip>
    );
  }

  return (
    <Box data-testid="storage-bar" data-percent={labels.percent} sx={{ px: 2.5, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <StorageOutlinedIcon fontSize="small" color="action" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate('app.storage.title')}
        </Typography>
      </Stack>
      {bar}
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.75, gap: 1 }}>
        <Typography variant="caption" color="text.secondary" noWrap>
          {translate('app.storage.usage', { used: labels.used, total: labels.total })}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ fontWeight: 600 }}>
          {translate('app.storage.percent', { percent: labels.percent })}
        </Typography>
      </Stack>
    </Box>
  );
}
