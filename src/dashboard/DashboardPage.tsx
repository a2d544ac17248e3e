import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Loading, Title, useDataProvider, useGetIdentity } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { EndpointReply } from '../dataProvider/callEndpoint';
import { formatDate, formatNumber, formatSize } from '../format';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { useMenuLabel } from '../layout/useMenuLabel';
import { DashboardTrend } from './DashboardTrend';
import { DASHBOARD_STATUSES, DASHBOARD_TEXT, monthName, STATUS_COUNT_LABELS } from './dashboardText';
import { historyLink, requestLink } from './historyLink';

type DashboardInfo = EndpointReply<'getDashboardInfo'>;

/** A figure: its name, its value (a link to the requests it counts, when there is a list of them) and a note. */
function Figure({
  label,
  value,
  to,
  note,
  children,
}: {
  label: string;
  value: string;
  to?: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const number = (
    <Typography component="span" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
      {value}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="h3" variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      {to ? (
        <Link to={to} underline="hover" aria-label={`${label}: ${value}`}>
          {number}
        </Link>
      ) : (
        number
      )}
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

/**
 * /user/dashboard (SPEC §2.1 user.dashboard, get_dashboard_info/{id}): what the signed-in user's
 * company (or, for the administrator, the platform) needs at a glance; each request figure opens
 * the history filtered to the requests it counts.
 */
export function DashboardPage() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const userId = typeof identity?.id === 'number' ? identity.id : undefined;
  const title = useMenuLabel() ?? DASHBOARD_TEXT.title;
  useDocumentTitle(title);
  const info = useQuery({
    queryKey: ['dashboard', userId],
    queryFn: ({ signal }) => dataProvider.callEndpoint('getDashboardInfo', { id: userId! }, { signal }),
    enabled: userId !== undefined,
  });

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4">
        {title}
      </Typography>
      {info.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {info.data.scope === 'platform' ? DASHBOARD_TEXT.subtitlePlatform : DASHBOARD_TEXT.subtitleCompany}
        </Typography>
      )}
      {info.isError && (
        <Alert severity="error">
          {info.error instanceof Error ? info.error.message : DASHBOARD_TEXT.loadFailed}
        </Alert>
      )}
      {info.isPending && !info.isError && <Loading />}
      {info.data && <DashboardFigures info={info.data} />}
    </Box>
  );
}

function DashboardFigures({ info }: { info: DashboardInfo }) {
  const month = info.this_month;
  const period = { date_from: month.from, date_to: month.to };
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box component="section" aria-labelledby="dashboard-month">
        <Typography id="dashboard-month" component="h2" variant="h6" gutterBottom>
          {DASHBOARD_TEXT.thisMonth(monthName(month.month))}
        </Typography>
        <Box sx={grid}>
          <Figure
            label={DASHBOARD_TEXT.sentThisMonth}
            value={formatNumber(month.total)}
            to={historyLink(period)}
          />
          {DASHBOARD_STATUSES.map((status) => (
            <Figure
              key={status}
              label={STATUS_COUNT_LABELS[status]}
              value={formatNumber(month[status])}
              to={historyLink({ ...period, status })}
            />
          ))}
        </Box>
      </Box>

      <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Figure
          label={DASHBOARD_TEXT.waitingTitle}
          value={formatNumber(info.waiting.signatures)}
          to={historyLink({ status: 'in_progress' })}
          note={DASHBOARD_TEXT.waitingDetail(formatNumber(info.waiting.requests))}
        />
        <Figure
          label={DASHBOARD_TEXT.expiringTitle(info.expiring.days)}
          value={formatNumber(info.expiring.count)}
          to={historyLink({ status: 'in_progress', sort: 'expires_at', order: 'ASC' })}
          note={info.expiring.count === 0 ? DASHBOARD_TEXT.expiringNone : undefined}
        >
          {info.expiring.items.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {info.expiring.items.map((item) => (
                <li key={item.id}>
                  <Link to={requestLink(item.id)}>{item.title}</Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {DASHBOARD_TEXT.expiresOn(formatDate(item.expires_at))}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Figure>
        <PlansFigure plans={info.plans} />
        <StorageFigure storage={info.storage} />
      </Box>

      <Rejections rejections={info.rejections} />
      <DashboardTrend trend={info.trend} />
    </Stack>
  );
}

function PlansFigure({ plans }: { plans: DashboardInfo['plans'] }) {
  const onlyUnlimited = plans.unlimited && plans.units_total === 0;
  const value =
    plans.active === 0
      ? formatNumber(0)
      : onlyUnlimited
        ? DASHBOARD_TEXT.unlimited
        : formatNumber(plans.units_left);
  const notes = [
    plans.active === 0
      ? DASHBOARD_TEXT.noPlans
      : !onlyUnlimited
        ? DASHBOARD_TEXT.unitsOf(formatNumber(plans.units_left), formatNumber(plans.units_total))
        : DASHBOARD_TEXT.activePlans(formatNumber(plans.active)),
    plans.unlimited && !onlyUnlimited ? DASHBOARD_TEXT.unitsPlusUnlimited : null,
    plans.nearest_expiry ? DASHBOARD_TEXT.nearestExpiry(formatDate(plans.nearest_expiry)) : null,
  ].filter(Boolean);
  return (
    <Figure
      label={DASHBOARD_TEXT.unitsTitle}
      value={value}
      note={notes.map((note) => (
        <Box component="span" key={note} sx={{ display: 'block' }}>
          {note}
        </Box>
      ))}
    />
  );
}

function StorageFigure({ storage }: { storage: DashboardInfo['storage'] }) {
  const percent =
    storage.capacity_bytes > 0 ? Math.min(100, (storage.used_bytes / storage.capacity_bytes) * 100) : null;
  return (
    <Figure
      label={DASHBOARD_TEXT.storageTitle}
      value={formatSize(storage.used_bytes)}
      note={
        percent === null
          ? DASHBOARD_TEXT.storageNoCapacity
          : DASHBOARD_TEXT.storageOf(formatSize(storage.used_bytes), formatSize(storage.capacity_bytes))
      }
    >
      {percent !== null && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={DASHBOARD_TEXT.storageUsage}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      )}
    </Figure>
  );
}

function Rejections({ rejections }: { rejections: DashboardInfo['rejections'] }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-rejections"
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id="dashboard-rejections" component="h2" variant="h6" gutterBottom>
        {DASHBOARD_TEXT.rejectionsTitle}
      </Typography>
      {rejections.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {DASHBOARD_TEXT.rejectionsNone}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rejections.map((rejection) => (
            <Box
              component="li"
              key={`${rejection.request_id}-${rejection.rejected_at}`}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
            >
              <Link to={requestLink(rejection.request_id)}>{rejection.title}</Link>
              <Typography variant="body2">«{rejection.reason ?? DASHBOARD_TEXT.noReason}»</Typography>
              <Typography variant="body2" color="text.secondary">
                {DASHBOARD_TEXT.rejectedBy(rejection.signer_name, formatDate(rejection.rejected_at))}
                {' · '}
                {rejection.company_name}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 1 }}>
        <Link to={historyLink({ status: 'rejected' })}>{DASHBOARD_TEXT.allRejected}</Link>
      </Box>
    </Paper>
  );
}
