import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nssTrustingPlatformCa, pdfsig, writeTemp } from '../../support/pades/tools.js';

/**
 * poppler's `pdfsig` on a PDF the end-to-end server sealed. On PGlite (the default) the server's
 * platform CA sits in its DATA_DIR (E2E_DATA_DIR, set by playwright.config.ts), and pdfsig runs
 * with an NSS database that trusts it, so a trusted chain is part of the verdict; on PostgreSQL
 * (E2E_DATABASE_URL) the CA lives in the database and `trusted` is null.
 */
export async function pdfsigReport(pdf: Uint8Array): Promise<{ report: string; trusted: boolean | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'rubrica-e2e-pdfsig-'));
  try {
    const file = await writeTemp(dir, 'sellado.pdf', pdf);
    // On a signature it does not accept pdfsig exits non-zero, still with its report.
    const reportOf = (nss?: string) =>
      pdfsig(file, nss).catch((failure: { stdout?: string }) => failure.stdout ?? '');
    const dataDir = process.env.E2E_DATA_DIR;
    if (process.env.E2E_DATABASE_URL || !dataDir) return { report: await reportOf(), trusted: null };
    await mkdir(join(dir, 'signing'));
    await copyFile(join(dataDir, 'signing', 'root-ca.crt.pem'), join(dir, 'signing', 'root-ca.crt.pem'));
    const report = await reportOf(await nssTrustingPlatformCa(dir));
    return { report, trusted: report.includes('Certificate is Trusted') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
