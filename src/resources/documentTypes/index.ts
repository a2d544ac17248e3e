import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { ResourceDeclaration } from '../types';
import { documentTypesData } from './documentTypesData';

export { DocumentTypeList } from './DocumentTypeList';

/** Document types (SPEC §2.1 `user.documentType.items-crud`, /document-type), one company at a time. */
export const documentTypes = {
  name: 'document_types',
  icon: DescriptionOutlinedIcon,
  recordRepresentation: 'name',
  data: documentTypesData,
  access: { export: ['document_type.list'] },
} satisfies ResourceDeclaration;
