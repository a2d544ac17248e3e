import { useRecordContext } from 'react-admin';
import { formatCurrency, formatDateTime, formatNumber } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { ACTIVE_STATUS_STYLES, ValueChip } from '../../framework/common/ValueChip';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** "Ilimitado" or "1.000 firmas". */
export function useSignaturesText() {
  const translate = useAppTranslate();
  return (signatures: number | null | undefined) =>
    signatures === null || signatures === undefined
      ? translate('app.platform.plans.unlimited')
      : translate('app.platform.plans.signatures_count', { count: formatNumber(signatures) });
}

/** The plan's signatures: "Ilimitado" or "1.000 firmas". */
export function PlanSignaturesText() {
  const record = useRecordContext();
  return useSignaturesText()(record?.signatures);
}

/** The plan's price in US dollars. */
export function PlanPriceText() {
  const record = useRecordContext();
  return formatCurrency(record?.price_usd);
}

/** The plan's validity: "30 días". */
export function PlanValidityText() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  return translate('app.platform.plans.days', { count: formatNumber(record?.validity_days) });
}

/** A plan's details (show dialog). */
export function PlanDetails() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  const signaturesText = useSignaturesText();
  if (!record) return null;
  return (
    <DetailGrid
      resource="plans"
      items={[
        { source: 'name', value: record.name, wide: true },
        { source: 'signatures', value: signaturesText(record.signatures) },
        { source: 'price_usd', value: formatCurrency(record.price_usd) },
        {
          source: 'validity_days',
          value: translate('app.platform.plans.days', { count: formatNumber(record.validity_days) }),
        },
        { source: 'status', value: <ValueChip source="status" styles={ACTIVE_STATUS_STYLES} /> },
        { source: 'assignments_count', value: formatNumber(record.assignments_count) },
        { source: 'created_at', value: formatDateTime(record.created_at) },
      ]}
    />
  );
}
