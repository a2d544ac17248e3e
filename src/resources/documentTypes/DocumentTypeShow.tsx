import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';
import { DetailGrid, DetailItem } from '../users/UserShow';
import { DocumentTypeStatusChip } from './DocumentTypeStatusChip';

/** The details of a document type. */
export function DocumentTypeShow() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = (field: string) => translate(`resources.document_types.fields.${field}`);
  return (
    <DetailGrid>
      <DetailItem label={label('name')}>{record.name}</DetailItem>
      <DetailItem label={label('code')}>{record.code ?? '—'}</DetailItem>
      <DetailItem label={label('company_name')}>{record.company_name}</DetailItem>
      <DetailItem label={label('status')}>
        <DocumentTypeStatusChip status={record.status} />
      </DetailItem>
      <DetailItem label={label('description')}>{record.description ?? '—'}</DetailItem>
      <DetailItem label={label('updated_at')}>{formatDateTime(record.updated_at)}</DetailItem>
    </DetailGrid>
  );
}
