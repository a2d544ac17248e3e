import { SelectInput, TextInput } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { maxLength, requiredField } from '../../validation';
import { AttachmentsInput } from './AttachmentPicker';
import { choicesOf, SUPPORT_CATEGORY_STYLES, SUPPORT_PRIORITY_STYLES } from './supportStyles';

/** A new ticket: subject, category, priority, the first message and its files. */
export function SupportInputs() {
  const translate = useAppTranslate();
  return (
    <>
      <TextInput source="subject" validate={[requiredField(), maxLength(200)]} fullWidth />
      <SelectInput
        source="category"
        choices={choicesOf(SUPPORT_CATEGORY_STYLES, translate)}
        validate={requiredField()}
        fullWidth
      />
      <SelectInput
        source="priority"
        choices={choicesOf(SUPPORT_PRIORITY_STYLES, translate)}
        validate={requiredField()}
        fullWidth
      />
      <TextInput
        source="message"
        validate={[requiredField(), maxLength(10_000)]}
        multiline
        minRows={4}
        fullWidth
      />
      <AttachmentsInput />
    </>
  );
}

export const NEW_TICKET_DEFAULTS = { category: 'tecnico', priority: 'media', attachments: [] };
