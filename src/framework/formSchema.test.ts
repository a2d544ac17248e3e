import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../contract';
import { documentTypesData } from '../resources/documentTypes/documentTypesData';
import { userGroupsData } from '../resources/userGroups/userGroupsData';
import { formSchemaOf, isRequiredField } from './formSchema';

describe('form schemas from the contract', () => {
  it('takes the create body rules for the fields of the form, and only those', () => {
    const schema = formSchemaOf(documentTypesData, 'create', ['company_id', 'name', 'code', 'status']);
    expect(Object.keys(schema.shape)).toEqual(['company_id', 'name', 'code', 'status']);
    const parsed = schema.parse({ company_id: 3, name: ' Contrato ', code: 'ab-1', status: 'active', id: 9 });
    // The contract's transformations apply (trim, upper case) and values the form does not edit go.
    expect(parsed).toEqual({ company_id: 3, name: 'Contrato', code: 'AB-1', status: 'active' });
  });

  it('keeps a field required on creation required when editing', () => {
    const schema = formSchemaOf(documentTypesData, 'edit', ['name', 'code', 'description']);
    expect(isRequiredField(schema, 'name')).toBe(true);
    expect(isRequiredField(schema, 'code')).toBe(false);
    expect(isRequiredField(schema, 'description')).toBe(false);
  });

  it('speaks the SPEC §5 messages', () => {
    const schema = formSchemaOf(documentTypesData, 'create', ['name', 'description', 'code']);
    const result = schema.safeParse({ name: '', description: 'x'.repeat(501), code: 'con espacio' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(messages.name).toBe(VALIDATION_MESSAGES.required);
    expect(messages.description).toBe(VALIDATION_MESSAGES.maxLength(500));
    expect(messages.code).toMatch(/30 letras/);
  });

  it('reads a field only the update body has from it', () => {
    const schema = formSchemaOf(userGroupsData, 'edit', ['name', 'user_ids']);
    expect(Object.keys(schema.shape)).toEqual(['name', 'user_ids']);
    expect(isRequiredField(schema, 'user_ids')).toBe(false);
    expect(isRequiredField(schema, 'company_id')).toBe(false);
  });
});
