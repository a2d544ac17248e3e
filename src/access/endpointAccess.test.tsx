import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type EndpointName, PLATFORM_COMPANY_ID } from '../../contract';
import { fakeUser, seededRoleUser, signInAs } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { mayCallEndpoint, useMayCall } from './endpointAccess';

const ASKED: readonly EndpointName[] = [
  'extendTimeLimit',
  'viewSignatureRequestHistory',
  'addDocumentPackage',
  'addCompany',
];

/** Lists the endpoints of ASKED the session may call, as a screen would ask. */
function Allowed() {
  const mayCall = useMayCall();
  return <output>{ASKED.filter((name) => mayCall(name)).join(',')}</output>;
}

const allowedFor = async () => {
  renderWithAdmin(<Allowed />);
  return (await screen.findByRole('status')).textContent;
};

describe('mayCallEndpoint', () => {
  it("answers from the endpoint's declaration: permissions, and the platform for global endpoints", () => {
    const auditor = fakeUser(seededRoleUser('Auditor'));
    expect(mayCallEndpoint(auditor, 'viewSignatureRequestHistory')).toBe(true);
    expect(mayCallEndpoint(auditor, 'extendTimeLimit')).toBe(false);
    const companyAdmin = fakeUser({ ...seededRoleUser('Administrador de empresa') });
    expect(mayCallEndpoint(companyAdmin, 'addBranch')).toBe(true);
    expect(mayCallEndpoint(companyAdmin, 'addCompany')).toBe(false);
    expect(mayCallEndpoint({ ...companyAdmin, company_id: PLATFORM_COMPANY_ID }, 'addCompany')).toBe(true);
    expect(mayCallEndpoint(null, 'viewSignatureRequestHistory')).toBe(false);
    expect(mayCallEndpoint(null, 'validateCertificateCode')).toBe(true);
  });

  it('refuses what an impersonating session may not do', () => {
    const administrator = fakeUser({ ...seededRoleUser('Administrador'), company_id: PLATFORM_COMPANY_ID });
    expect(mayCallEndpoint(administrator, 'startImpersonation')).toBe(true);
    expect(mayCallEndpoint({ ...administrator, isImpersonating: true }, 'startImpersonation')).toBe(false);
  });
});

describe('useMayCall', () => {
  it('asks for the signed-in user: an auditor reads, an operator sends but does not edit groups', async () => {
    signInAs(seededRoleUser('Auditor'));
    expect(await allowedFor()).toBe('viewSignatureRequestHistory');
  });

  it('lets an operator extend requests but not add document groups', async () => {
    signInAs(seededRoleUser('Operador'));
    expect(await allowedFor()).toBe('extendTimeLimit,viewSignatureRequestHistory');
  });

  it('lets the platform administrator do all of it', async () => {
    signInAs({ ...seededRoleUser('Administrador'), company_id: PLATFORM_COMPANY_ID });
    expect(await allowedFor()).toBe(ASKED.join(','));
  });

  it('lets nobody signed out do any of it', async () => {
    expect(await allowedFor()).toBe('');
  });
});
