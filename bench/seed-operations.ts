// Seeds a database for bench/operations.bench.mjs (dashboard, reports, statistics, e-mail tracker
// at scale): the platform (migrations, base seed, administrator), 50 companies (10 of them
// branches), a few hundred users, a company administrator of the biggest company with a known
// password, document groups, packages of units and unlimited ones (expired, in force, expiring),
// and N signature requests over the last 12 months (30 % of them in the biggest company and its
// branch) with 3 signers each, their documents, 10 tracked e-mails each (with their outbox rows)
// and the signers' one-time codes. Straight INSERT … SELECT generate_series statements, a slice
// of requests at a time, then VACUUM ANALYZE. PostgreSQL when a URL is given, otherwise a PGlite
// DATA_DIR (run with the server stopped: PGlite is one process):
//   tsx bench/seed-operations.ts <dataDir> <databaseUrl|-> <requests> <adminEmail> <adminPassword> \
//       <companyAdminEmail> <companyAdminPassword>

import { type SQL, sql } from 'drizzle-orm';
import { ROLE } from '../contract/permissions.js';
import { openDatabase, queryRows } from '../server/db/client.js';
import { applyMigrations } from '../server/db/migrate.js';
import { users } from '../server/db/schema/index.js';
import { seedBase } from '../server/db/seed.js';
import { hashPassword } from '../server/security/passwords.js';

const [dataDir, databaseUrl, countText, email, password, companyAdminEmail, companyAdminPassword] =
  process.argv.slice(2);
if (
  !dataDir ||
  !databaseUrl ||
  !countText ||
  !email ||
  !password ||
  !companyAdminEmail ||
  !companyAdminPassword
) {
  console.error(
    'uso: tsx bench/seed-operations.ts <dataDir> <databaseUrl|-> <requests> <adminEmail> <adminPassword> <companyAdminEmail> <companyAdminPassword>',
  );
  process.exit(2);
}
const REQUESTS = Number(countText);
const COMPANIES = 50;
const USERS = 400;
/** The biggest company (30 % of the requests, 10 % more in its branch, id 3). */
const BIG_COMPANY_ID = 2;
const EMAILS_PER_REQUEST = 10;
/** Requests per statement: bounded memory for PGlite and for the storage triggers' row sets. */
const SLICE = 20_000;

const database = await openDatabase({ dataDir, databaseUrl: databaseUrl === '-' ? undefined : databaseUrl });
const run = (statement: SQL) => database.db.execute(statement);

/** Runs `statement(from, to)` over the request ids in slices. */
async function bySlice(statement: (from: number, to: number) => SQL) {
  for (let from = 1; from <= REQUESTS; from += SLICE)
    await run(statement(from, Math.min(REQUESTS, from + SLICE - 1)));
}

/** An integer parameter, typed: PostgreSQL cannot always infer an untyped one (generate_series). */
const int = (value: number) => sql`${value}::int`;

const setSequence = (table: string) =>
  run(
    sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`,
  );

try {
  await applyMigrations(database);
  await seedBase(database.db, { email, password });

  // Companies 2…51; every fifth from id 3 on a branch (sucursal) of the one before it, sharing its NIT.
  await run(sql`
    INSERT INTO companies (id, fiscal_name, tax_id, parent_id, storage_capacity_bytes, support_email, created_at)
    SELECT 1 + g,
           CASE WHEN g % 5 = 2 THEN 'Sucursal ' || (ARRAY['Medellín','Cali','Barranquilla','Bucaramanga','Pereira'])[1 + g % 5] || ' de '
                ELSE '' END
             || (ARRAY['Comercializadora Andina','Inversiones del Valle','Constructora Caribe','Logística Pacífico',
                       'Servicios Financieros Cordillera','Agroindustrial Llanos','Tecnología Magdalena','Salud Integral Boyacá'])[1 + (g - (g % 5 = 2)::int) % 8]
             || ' ' || (g - (g % 5 = 2)::int) || ' S.A.S.',
           (900100000 + g - (g % 5 = 2)::int)::text || '-' || ((g - (g % 5 = 2)::int) % 10),
           CASE WHEN g % 5 = 2 THEN g END,
           (5 + g % 20)::bigint * 1073741824,
           'contacto' || g || '@empresa.test',
           now() - interval '400 days'
    FROM generate_series(1, ${int(COMPANIES)}) AS g`);
  await setSequence('companies');

  // A few hundred users: operators, company administrators and auditors; some inactive, locked or deleted.
  await run(sql`
    INSERT INTO users (company_id, role_id, name, last_name, email, phone, id_type, id_number, status, deleted_at)
    SELECT 2 + g % ${int(COMPANIES)},
           CASE WHEN g % 10 = 0 THEN ${int(ROLE.companyAdministrator)} WHEN g % 10 = 5 THEN ${int(ROLE.auditor)}
                ELSE ${int(ROLE.operator)} END,
           (ARRAY['Ana','Luis','Marta','Jorge','Sofía','Camilo','Valentina','Andrés'])[1 + g % 8],
           (ARRAY['Gómez','Rodríguez','Martínez','López','Pérez','Díaz'])[1 + g % 6] || ' ' || g,
           'usuario' || g || '@empresa.test',
           '+57 300 ' || lpad(g::text, 7, '0'),
           'CC',
           (1000000000 + g)::text,
           CASE WHEN g % 25 = 0 THEN 'inactive' WHEN g % 40 = 7 THEN 'locked' ELSE 'active' END,
           CASE WHEN g % 60 = 0 THEN now() - interval '30 days' END
    FROM generate_series(1, ${int(USERS)}) AS g`);
  await database.db.insert(users).values({
    companyId: BIG_COMPANY_ID,
    roleId: ROLE.companyAdministrator,
    name: 'Carolina',
    lastName: 'Administradora',
    email: companyAdminEmail.toLowerCase(),
    passwordHash: await hashPassword(companyAdminPassword),
    // Answered: the sign-in does not offer two-factor authentication.
    twoFactorPromptAnsweredAt: new Date(),
  });

  // Each company's root folder and three document groups, each with an uploaded PDF.
  await run(
    sql`INSERT INTO document_folders (company_id, name) SELECT id, 'Documentos' FROM companies WHERE id > 1`,
  );
  await run(sql`
    INSERT INTO document_packages (company_id, folder_id, name, expiry_days)
    SELECT f.company_id, f.id,
           (ARRAY['Contrato laboral','Acuerdo de confidencialidad','Pagaré y carta de instrucciones'])[k], 30
    FROM document_folders f CROSS JOIN generate_series(1, 3) AS k`);
  await run(sql`
    INSERT INTO document_package_documents (package_id, company_id, position, pdf_key, pdf_name, pdf_pages, pdf_sha256, pdf_bytes)
    SELECT id, company_id, 1, 'grupos/' || id || '/anexo.pdf', 'anexo.pdf', 2, md5('anexo' || id) || md5('pdf' || id),
           150000 + (id * 7919) % 600000
    FROM document_packages`);

  // Plans, and five packages per company: units expired, units in force (some expiring within 30
  // days), unlimited expired, unlimited in force (half the companies), a small units one.
  await run(sql`
    INSERT INTO plans (name, signatures, price_usd, validity_days)
    VALUES ('Plan 100 firmas', 100, 90, 365), ('Plan 500 firmas', 500, 350, 365),
           ('Plan 1000 firmas', 1000, 600, 365), ('Ilimitado anual', NULL, 2400, 365)`);
  await run(sql`
    INSERT INTO plan_assignments (company_id, plan_id, starts_at, expired_at, units_total, units_used)
    SELECT c.id, p.id, now() + a.starts * interval '1 day', now() + a.ends * interval '1 day', p.signatures,
           CASE WHEN p.signatures IS NULL THEN 300 + (c.id * 37) % 1500 ELSE least(p.signatures, a.used + (c.id * 13) % 90) END
    FROM companies c
    CROSS JOIN (VALUES ('Plan 500 firmas', -400, -35, 430), ('Plan 1000 firmas', -200, 5, 500),
                       ('Ilimitado anual', -500, -135, 0), ('Ilimitado anual', -100, 265, 0),
                       ('Plan 100 firmas', -20, 345, 10)) AS a(plan, starts, ends, used)
    JOIN plans p ON p.name = a.plan
    WHERE c.id > 1 AND (a.plan <> 'Ilimitado anual' OR a.ends < 0 OR c.id % 2 = 0)`);
  // Packages in force end on different days: some within 30 days, most later.
  await run(
    sql`UPDATE plan_assignments SET expired_at = expired_at + ((company_id * 7) % 90) * interval '1 day' WHERE expired_at > now()`,
  );

  // Requests, newest last (ids grow with time as they do in production), spread over 12 months;
  // recent ones mostly in progress, older ones mostly completed.
  await bySlice(
    (from, to) => sql`
    WITH creators AS (
      SELECT company_id, array_agg(id ORDER BY id) AS ids FROM users WHERE deleted_at IS NULL AND company_id > 1 GROUP BY company_id
    ), groups AS (
      SELECT company_id, array_agg(id ORDER BY id) AS ids FROM document_packages GROUP BY company_id
    ), base AS (
      SELECT g,
             CASE WHEN g % 10 < 3 THEN ${int(BIG_COMPANY_ID)} WHEN g % 10 = 3 THEN ${int(BIG_COMPANY_ID + 1)}
                  ELSE 2 + abs(hashtext('empresa' || g)) % ${int(COMPANIES)} END AS company_id,
             now() - (${int(REQUESTS)} - g) * (interval '365 days' / ${int(REQUESTS)}) AS created_at,
             abs(hashtext('estado' || g)) % 100 AS p
      FROM generate_series(${int(from)}, ${int(to)}) AS g
    ), shaped AS (
      SELECT b.*,
             CASE WHEN b.created_at > now() - interval '30 days' THEN
                    CASE WHEN p < 60 THEN 'in_progress' WHEN p < 90 THEN 'completed' WHEN p < 95 THEN 'rejected' ELSE 'cancelled' END
                  ELSE CASE WHEN p < 70 THEN 'completed' WHEN p < 78 THEN 'rejected' WHEN p < 85 THEN 'cancelled'
                            WHEN p < 97 THEN 'expired' ELSE 'in_progress' END
             END AS status,
             least(now(), b.created_at + interval '16 hours' + (b.g % 80) * interval '1 hour') AS done_at
      FROM base b
    )
    INSERT INTO signature_requests (id, company_id, package_id, package_version, source, title, status, signing_order,
                                    expires_at, validation_code, seal_status, created_by, cancel_reason, cancelled_by,
                                    created_at, updated_at, completed_at, sealed_at)
    SELECT s.g, s.company_id,
           CASE WHEN s.g % 20 = 1 THEN NULL ELSE k.ids[1 + s.g % array_length(k.ids, 1)] END,
           CASE WHEN s.g % 20 = 1 THEN NULL ELSE 1 END,
           CASE WHEN s.g % 20 = 1 THEN 'pdf' WHEN s.g % 20 = 0 THEN 'bulk' ELSE 'single' END,
           (ARRAY['Contrato de arriendo','Acuerdo de confidencialidad','Otrosí laboral','Pagaré','Contrato de prestación de servicios'])[1 + s.g % 5]
             || ' ' || s.g,
           s.status,
           CASE WHEN s.g % 4 = 0 THEN 'parallel' ELSE 'sequential' END,
           CASE WHEN s.status = 'in_progress' THEN now() + (1 + s.g % 45) * interval '1 day' ELSE s.created_at + interval '30 days' END,
           'OPS-' || lpad(s.g::text, 9, '0'),
           CASE WHEN s.status = 'completed' THEN 'sealed' ELSE 'not_ready' END,
           u.ids[1 + s.g % array_length(u.ids, 1)],
           CASE WHEN s.status = 'cancelled' THEN 'El cliente desistió del negocio' END,
           CASE WHEN s.status = 'cancelled' THEN u.ids[1] END,
           s.created_at,
           CASE WHEN s.status = 'in_progress' THEN s.created_at ELSE s.done_at END,
           CASE WHEN s.status = 'completed' THEN s.done_at END,
           CASE WHEN s.status = 'completed' THEN s.done_at END
    FROM shaped s JOIN creators u ON u.company_id = s.company_id JOIN groups k ON k.company_id = s.company_id`,
  );
  await setSequence('signature_requests');

  // Three signers each (every tenth request's third one a copy recipient), their statuses
  // consistent with the request's: who signed, who is invited or has the link open, who rejected.
  await bySlice(
    (from, to) => sql`
    INSERT INTO signature_request_signers (request_id, company_id, number, turn, kind, name, email, phone, id_type, id_number,
                                           authentication, token_hash, status, signature_key, signature_kind, selfie_key,
                                           selfie_sha256, signature_bytes, selfie_bytes, consent_version, otp_channel,
                                           otp_destination, ip, user_agent, rejection_reason, invited_at, viewed_at,
                                           signed_at, rejected_at, created_at)
    SELECT s.request_id, s.company_id, s.n, CASE WHEN s.signing_order = 'parallel' THEN 1 ELSE s.n END, s.kind,
           (ARRAY['Ana','Luis','Marta','Jorge','Sofía','Camilo'])[1 + (s.request_id + s.n) % 6] || ' '
             || (ARRAY['Gómez','Rodríguez','Martínez','López','Pérez','Díaz'])[1 + s.request_id % 6],
           'firmante' || s.request_id || '-' || s.n || '@cliente' || s.request_id % 97 || '.com.co',
           '+57 310 ' || lpad(((s.request_id * 3 + s.n) % 10000000)::text, 7, '0'),
           'CC', (70000000 + s.request_id * 3 + s.n)::text,
           CASE WHEN s.kind = 'copy' THEN '[]'::jsonb ELSE jsonb_build_array(s.channel || '_otp') END,
           md5('ops-' || s.request_id || '-' || s.n),
           s.status,
           CASE WHEN s.status = 'signed' THEN 'firmas/' || s.request_id || '-' || s.n || '.png' END,
           CASE WHEN s.status = 'signed' THEN (ARRAY['drawn','typed','uploaded'])[1 + s.request_id % 3] END,
           CASE WHEN s.status = 'signed' AND s.request_id % 3 = 0 THEN 'selfies/' || s.request_id || '-' || s.n || '.jpg' END,
           CASE WHEN s.status = 'signed' AND s.request_id % 3 = 0 THEN md5('selfie' || s.request_id || s.n) || md5('s' || s.n) END,
           CASE WHEN s.status = 'signed' THEN 8000 + (s.request_id * 31 + s.n) % 40000 ELSE 0 END,
           CASE WHEN s.status = 'signed' AND s.request_id % 3 = 0 THEN 60000 + (s.request_id * 17 + s.n) % 90000 ELSE 0 END,
           CASE WHEN s.status = 'signed' THEN '2026-01' END,
           CASE WHEN s.status = 'signed' THEN s.channel END,
           CASE WHEN s.status = 'signed' THEN 'f***@cliente.com.co' END,
           CASE WHEN s.status IN ('signed','rejected') THEN ('190.85.' || s.request_id % 250 || '.' || s.n)::inet END,
           CASE WHEN s.status IN ('signed','rejected') THEN 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' END,
           CASE WHEN s.status = 'rejected' THEN
             (ARRAY['No estoy de acuerdo con las condiciones','El valor del contrato no es el acordado','Mis datos están errados'])[1 + s.request_id % 3] END,
           CASE WHEN s.status IN ('invited','viewed','signed','rejected') THEN s.at - interval '4 hours' END,
           CASE WHEN s.status IN ('viewed','signed','rejected') THEN s.at - interval '1 hour' END,
           CASE WHEN s.status = 'signed' THEN s.at END,
           CASE WHEN s.status = 'rejected' THEN s.at END,
           s.created_at
    FROM (
      SELECT r.id AS request_id, r.company_id, r.signing_order, r.created_at, n,
             least(now(), r.created_at + n * interval '5 hours') AS at,
             (ARRAY['email','sms','whatsapp'])[1 + (r.id + n) % 3] AS channel,
             CASE WHEN n = 3 AND r.id % 10 = 0 THEN 'copy' ELSE 'signer' END AS kind,
             CASE
               WHEN n = 3 AND r.id % 10 = 0 THEN CASE WHEN r.status = 'completed' THEN 'invited' ELSE 'waiting' END
               WHEN r.status = 'completed' OR n <= r.id % 2 THEN 'signed'
               WHEN n = r.id % 2 + 1 THEN
                 CASE WHEN r.status = 'rejected' THEN 'rejected' WHEN r.id % 3 = 0 THEN 'viewed' ELSE 'invited' END
               WHEN r.signing_order = 'parallel' THEN 'invited'
               ELSE 'waiting'
             END AS status
      FROM signature_requests r CROSS JOIN generate_series(1, 3) AS n
      WHERE r.id BETWEEN ${int(from)} AND ${int(to)}
    ) s`,
  );

  // Documents as rendered at sending (a second one on every fourth request), sealed when completed.
  await bySlice(
    (from, to) => sql`
    INSERT INTO signature_request_documents (request_id, company_id, position, name, rendered_key, rendered_sha256, page_count,
                                             sealed_key, sealed_sha256, rendered_bytes, sealed_bytes, created_at)
    SELECT r.id, r.company_id, p, (ARRAY['Contrato','Anexo'])[p] || ' ' || r.id,
           'solicitudes/' || r.id || '/documento-' || p || '.pdf', md5('r' || r.id || '-' || p) || md5('d' || p),
           1 + (r.id + p) % 12,
           CASE WHEN r.status = 'completed' THEN 'solicitudes/' || r.id || '/sellado-' || p || '.pdf' END,
           CASE WHEN r.status = 'completed' THEN md5('s' || r.id || '-' || p) || md5('e' || p) END,
           40000 + (r.id * 7919 + p) % 400000,
           CASE WHEN r.status = 'completed' THEN 100000 + (r.id * 7919 + p) % 400000 ELSE 0 END,
           r.created_at
    FROM signature_requests r CROSS JOIN generate_series(1, 2) AS p
    WHERE (p = 1 OR r.id % 4 = 0) AND r.id BETWEEN ${int(from)} AND ${int(to)}`,
  );

  // Ten tracked e-mails per request (invitations, reminders, notices, the closing one), each
  // with its outbox row (same id): mostly sent or opened, a few bounced or failed, the last
  // hour's still queued.
  const mails = (from: number, to: number) => sql`
    SELECT (r.id - 1) * ${int(EMAILS_PER_REQUEST)} + i AS id, r.id AS request_id, r.company_id, r.title, s.id AS signer_id,
           s.email,
           (ARRAY['invitation','invitation','invitation','reminder','reminder','signed_notice','signed_notice',
                  'signed_notice',
                  CASE r.status WHEN 'completed' THEN 'completed' WHEN 'rejected' THEN 'rejected_notice'
                                WHEN 'cancelled' THEN 'cancelled' WHEN 'expired' THEN 'expired' ELSE 'reminder' END,
                  'reminder'])[i] AS kind,
           least(now(), r.created_at + i * interval '2 hours') AS at
    FROM signature_requests r CROSS JOIN generate_series(1, ${int(EMAILS_PER_REQUEST)}) AS i
    JOIN signature_request_signers s ON s.request_id = r.id AND s.number = 1 + (i - 1) % 3
    WHERE r.id BETWEEN ${int(from)} AND ${int(to)}`;
  await bySlice(
    (from, to) => sql`
    INSERT INTO mail_outbox (id, "to", subject, text, transport, message_id, status, last_error, created_at, sent_at,
                             opened_at, open_count, last_opened_at, bounced_at, failed_at)
    SELECT m.id, m.email, 'Rúbrica: ' || m.title,
           'Hola. Tiene un documento para revisar y firmar electrónicamente: ' || m.title
             || '. Abra el enlace de este correo para verlo; el enlace es personal, no lo reenvíe.',
           'smtp', '<' || m.id || '@rubrica.test>', m.status,
           CASE m.status WHEN 'bounced' THEN '550 5.1.1 El buzón no existe' WHEN 'failed' THEN '421 4.7.0 Intente más tarde' END,
           m.at,
           CASE WHEN m.status IN ('sent', 'opened', 'bounced') THEN m.at + interval '5 seconds' END,
           CASE WHEN m.status = 'opened' THEN m.at + interval '20 minutes' END,
           CASE WHEN m.status = 'opened' THEN 1 + m.id % 4 ELSE 0 END,
           CASE WHEN m.status = 'opened' THEN m.at + (20 + m.id % 4 * 90) * interval '1 minute' END,
           CASE WHEN m.status = 'bounced' THEN m.at + interval '1 minute' END,
           CASE WHEN m.status = 'failed' THEN m.at + interval '1 minute' END
    FROM (
      SELECT x.*,
             CASE WHEN x.at > now() - interval '1 hour' THEN 'queued' WHEN x.id % 100 < 2 THEN 'bounced'
                  WHEN x.id % 100 = 2 THEN 'failed' WHEN x.id % 100 < 55 THEN 'opened' ELSE 'sent' END AS status
      FROM (${mails(from, to)}) x
    ) m`,
  );
  await bySlice(
    (from, to) => sql`
    INSERT INTO signature_request_emails (id, company_id, request_id, signer_id, kind, mail_id, "to", created_at)
    SELECT m.id, m.company_id, m.request_id, m.signer_id, m.kind, m.id, m.email, m.at FROM (${mails(from, to)}) m`,
  );
  await setSequence('mail_outbox');
  await setSequence('signature_request_emails');

  // One-time codes of the signers who opened their link: validated by those who signed, and a
  // second, expired unused one for every fifth of them.
  await bySlice(
    (from, to) => sql`
    INSERT INTO signer_otp_codes (signer_id, round, channel, code_hmac, session_hash, expires_at, used_at, created_at)
    SELECT s.id, 1, coalesce(s.otp_channel, (ARRAY['email','sms','whatsapp'])[1 + s.id % 3]),
           md5('codigo' || s.id || '-' || a), md5('sesion' || s.id), t.at + interval '10 minutes',
           CASE WHEN a = 1 AND s.status = 'signed' THEN t.at + interval '1 minute' END, t.at
    FROM signature_request_signers s CROSS JOIN generate_series(1, 2) AS a
    CROSS JOIN LATERAL (SELECT coalesce(s.signed_at, s.rejected_at, s.viewed_at) - a * interval '12 minutes' AS at) t
    WHERE s.kind <> 'copy' AND s.status IN ('signed','rejected','viewed') AND (a = 1 OR s.id % 5 = 0)
      AND s.request_id BETWEEN ${int(from)} AND ${int(to)}`,
  );

  // As autovacuum would on a live server: statistics, and the visibility map index-only scans need.
  await run(sql`VACUUM ANALYZE`);
  const [counts] = await queryRows<Record<string, number>>(
    database.db,
    sql`SELECT (SELECT count(*) FROM signature_requests)::int AS requests,
               (SELECT count(*) FROM signature_request_signers)::int AS signers,
               (SELECT count(*) FROM signature_request_emails)::int AS emails,
               (SELECT count(*) FROM signer_otp_codes)::int AS codes,
               (SELECT count(*) FROM users)::int AS users`,
  );
  console.log(
    `${counts?.requests} solicitudes, ${counts?.signers} firmantes, ${counts?.emails} correos, ${counts?.codes} códigos, ${counts?.users} usuarios`,
  );
} finally {
  await database.close();
}
