import { Box, Stack } from '@mui/material';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { integersOnly, maxLength, requiredField } from '../../validation';
import { HtmlTextInput } from '../common/HtmlTextInput';

export function usePublicationChoices() {
  const translate = useAppTranslate();
  return [
    { id: 'draft', name: translate('app.platform.common.draft') },
    { id: 'published', name: translate('app.platform.common.published') },
  ];
}

const THIRD = { flex: 1, minWidth: 0 } as const;

/** The fields of a help article, shared by the create and edit dialogs. */
export function HelpArticleInputs() {
  return (
    <>
      <TextInput source="title" validate={[requiredField(), maxLength(200)]} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <Box sx={{ ...THIRD, flex: 2 }}>
          <TextInput source="category" validate={[requiredField(), maxLength(80)]} fullWidth />
        </Box>
        <Box sx={THIRD}>
          <NumberInput
            source="position"
            min={0}
            step={1}
            validate={[requiredField(), integersOnly()]}
            fullWidth
          />
        </Box>
        <Box sx={THIRD}>
          <SelectInput
            source="status"
            choices={usePublicationChoices()}
            validate={requiredField()}
            fullWidth
          />
        </Box>
      </Stack>
      <HtmlTextInput source="body_html" validate={[requiredField(), maxLength(100_000)]} rows={10} />
    </>
  );
}

export const NEW_HELP_ARTICLE_DEFAULTS = { category: 'General', position: 0, status: 'draft' };
