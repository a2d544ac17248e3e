import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { UserPickerInput } from '../../framework/common/EntityPickerInputs';
import { HtmlTextInput } from '../../framework/common/HtmlTextInput';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { maxLength, requiredField } from '../../validation';

export function useNotificationAudienceChoices() {
  const translate = useAppTranslate();
  return [
    { id: 'all', name: translate('app.platform.common.audience_all') },
    { id: 'company', name: translate('app.platform.common.audience_company') },
    { id: 'user', name: translate('app.platform.common.audience_user') },
  ];
}

/** The fields of a notification, shared by the create and edit dialogs. */
export function NotificationInputs() {
  const audience = useWatch({ name: 'audience' });
  return (
    <>
      <TextInput source="title" validate={[requiredField(), maxLength(200)]} fullWidth />
      <SelectInput
        source="audience"
        choices={useNotificationAudienceChoices()}
        validate={requiredField()}
        fullWidth
      />
      {audience === 'company' ? (
        <CompanySelectInput validate={requiredField()} helperText="app.platform.common.company_search" />
      ) : null}
      {audience === 'user' ? (
        <UserPickerInput source="user_id" nameSource="user_name" validate={requiredField()} />
      ) : null}
      <HtmlTextInput source="body" validate={[requiredField(), maxLength(50_000)]} />
    </>
  );
}

export const NEW_NOTIFICATION_DEFAULTS = { audience: 'all' };
