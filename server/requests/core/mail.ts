import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { deadlineText } from '../../../contract/deadline.js';
import type { EmailTemplateKey } from '../../../contract/features.js';
import { escapeHtml } from '../../../contract/html.js';
import type { Db } from '../../db/client.js';
import type { MailAttachment } from '../../db/schema/index.js';
import {
  mailOutbox,
  signatureRequestEmails,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { RenderedEmail } from '../../html/emailTemplate.js';
import { renderCompanyEmail } from '../../modules/companies/emailTemplates.service.js';
import { signingDateText } from '../../pades/time-format.js';
import { appendRequestEvent } from './events.js';
import { publicBaseUrl, signingLink } from './links.js';
import { companyOfRequest } from './records.js';
import { signedCopyFor } from './signedCopy.js';
import { approvalToken } from './tokens.js';

/**
 * E-mails of signature requests. A caller records the e-mail (a `signature_request_emails` row)
 * and its job in its own transaction (`queueRequestMail`); the job composes it from the company's
 * template and hands it to the mailer under the row's key, so a retried or repeated job never
 * mails twice, and a crash after the commit still mails once.
 */

export const REQUEST_MAIL_QUEUE = 'request.mail';

export type RequestMailKind = (typeof signatureRequestEmails.$inferInsert)['kind'];

/** Which company template each kind uses; null: the platform's fixed wording. */
const TEMPLATE_OF: Record<RequestMailKind, EmailTemplateKey | null> = {
  invitation: 'signature_request',
  reminder: 'signature_reminder',
  completed: 'signature_completed',
  rejected_notice: 'signature_rejected',
  signed_notice: null,
  cancelled: null,
  expired: null,
  approval: null,
};

export { publicBaseUrl, signingLink } from './links.js';

export type QueueRequestMail = {
  requestId: number;
  kind: RequestMailKind;
  /** The signer it is sent to (invitations, reminders, notices to signers). */
  signerId?: number;
  /** Address when it is not the signer's (notices to the sender), or the signer's when known. */
  to?: string;
  /** The request's company, when the caller has read it (saves reading it again). */
  companyId?: number;
};

/** Records the e-mail and queues its job, in the caller's transaction. */
export async function queueRequestMail(deps: Pick<Deps, 'queue'>, tx: Db, input: QueueRequestMail) {
  const companyId = input.companyId ?? (await companyOfRequest(tx, input.requestId));
  if (companyId === undefined) throw new Error(`signature request ${input.requestId} does not exist`);
  let to = input.to;
  if (!to && input.signerId) {
    const [signer] = await tx
      .select({ email: signatureRequestSigners.email })
      .from(signatureRequestSigners)
      .where(
        and(
          eq(signatureRequestSigners.id, input.signerId),
          eq(signatureRequestSigners.requestId, input.requestId),
        ),
      );
    to = signer?.email;
  }
  if (!to) throw new Error('a request e-mail needs a signer or an address');
  const [row] = await tx
    .insert(signatureRequestEmails)
    .values({
      companyId,
      requestId: input.requestId,
      signerId: input.signerId ?? null,
      kind: input.kind,
      to,
    })
    .returning({ id: signatureRequestEmails.id });
  await deps.queue.enqueue(
    REQUEST_MAIL_QUEUE,
    { emailId: row!.id },
    { idempotencyKey: `request-mail:${row!.id}`, db: tx },
  );
  return row!.id;
}

/**
 * Invites a signer: status `invited`, an `invited` event, the invitation e-mail with the link of
 * the current round. In the caller's transaction. A request whose links the company delivers
 * (`links_by_company`) gets the status and event but no e-mail, and no reminder at all; returns
 * the e-mail's id, or null when none was queued.
 */
export async function inviteSigner(
  deps: Pick<Deps, 'queue' | 'clock'>,
  tx: Db,
  signerId: number,
  kind: 'invitation' | 'reminder' = 'invitation',
) {
  const [signer] = await tx
    .select({
      requestId: signatureRequestSigners.requestId,
      status: signatureRequestSigners.status,
      linksByCompany: signatureRequests.linksByCompany,
    })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .where(eq(signatureRequestSigners.id, signerId));
  if (!signer) throw new Error(`signer ${signerId} does not exist`);
  // The company delivers these links itself (they came in its API reply): nothing to remind by mail.
  if (signer.linksByCompany && kind === 'reminder') return null;
  if (signer.status === 'waiting') {
    await tx
      .update(signatureRequestSigners)
      .set({ status: 'invited', invitedAt: deps.clock.now() })
      .where(eq(signatureRequestSigners.id, signerId));
  }
  await appendRequestEvent(tx, {
    requestId: signer.requestId,
    signerId,
    action: kind === 'invitation' ? 'invited' : 'reminded',
    ...(signer.linksByCompany ? { details: { delivered_by: 'company' } } : {}),
  });
  if (signer.linksByCompany) return null;
  return queueRequestMail(deps, tx, { requestId: signer.requestId, signerId, kind });
}

const jobPayload = z.object({ emailId: z.number().int().positive() });

const NOTICE_WORDING: Record<
  'signed_notice' | 'cancelled' | 'expired' | 'approval',
  (document: string) => { subject: string; body: string }
> = {
  signed_notice: (document) => ({
    subject: `Nueva firma en «${document}»`,
    body: `Un firmante firmó «${document}».`,
  }),
  cancelled: (document) => ({
    subject: `«${document}» fue cancelado`,
    body: `La solicitud de firma de «${document}» fue cancelada; el enlace ya no sirve.`,
  }),
  expired: (document) => ({
    subject: `«${document}» venció`,
    body: `La solicitud de firma de «${document}» venció sin completarse.`,
  }),
  approval: (document) => ({
    subject: `«${document}» espera su aprobación para la firma de la empresa`,
    body: `Todos los firmantes firmaron «${document}». Revise el documento y apruebe o rechace la firma automática de la empresa en este enlace:`,
  }),
};

type EmailRow = typeof signatureRequestEmails.$inferSelect;
type SignerRow = typeof signatureRequestSigners.$inferSelect;
type RequestOfMail = {
  id: number;
  companyId: number;
  title: string;
  expiresAt: Date;
  autoSignApproverId: number | null;
  senderName: string | null;
  senderLastName: string | null;
};

/** A paragraph the platform adds to a company's wording (both parts of the e-mail). */
function withParagraph(message: RenderedEmail, html: string, text: string): RenderedEmail {
  return { ...message, html: `${message.html}<p>${html}</p>`, text: `${message.text}\n\n${text}` };
}

/**
 * A signer's completion e-mail: the sealed PDFs attached (the link opens their signing page,
 * which downloads them again), or, when they are too large, a download link that expires.
 */
async function completionForSigner(deps: Deps, email: EmailRow, request: RequestOfMail, signer: SignerRow) {
  const copy = await signedCopyFor(deps, {
    emailId: email.id,
    companyId: request.companyId,
    requestId: request.id,
    signerId: signer.id,
    baseUrl: publicBaseUrl(deps),
  });
  const link =
    copy && 'downloadUrl' in copy ? copy.downloadUrl : signingLink(deps, signer.id, signer.tokenRound);
  const message = await renderCompanyEmail(deps, request.companyId, 'signature_completed', {
    signer_name: signer.name,
    document_name: request.title,
    link,
  });
  if (!copy) return { message };
  if ('attachments' in copy) {
    const note =
      copy.attachments.length === 1
        ? 'Adjuntamos el documento firmado y sellado.'
        : `Adjuntamos los ${copy.attachments.length} documentos firmados y sellados.`;
    return { message: withParagraph(message, note, note), attachments: copy.attachments };
  }
  const note = (until: string) =>
    `El enlace de descarga sirve hasta el ${until}; después puede descargarlo desde su enlace de firma.`;
  const until = signingDateText(copy.expiresAt);
  return { message: withParagraph(message, note(escapeHtml(until)), note(until)) };
}

async function composeRequestMail(
  deps: Deps,
  email: EmailRow,
  request: RequestOfMail,
  signer: SignerRow | undefined,
): Promise<{ message: RenderedEmail | Omit<RenderedEmail, 'html'>; attachments?: MailAttachment[] }> {
  if (email.kind === 'completed' && signer) return completionForSigner(deps, email, request, signer);
  const template = TEMPLATE_OF[email.kind];
  const senderName = [request.senderName, request.senderLastName].filter(Boolean).join(' ');
  const link =
    signer && (email.kind === 'invitation' || email.kind === 'reminder')
      ? signingLink(deps, signer.id, signer.tokenRound)
      : email.kind === 'approval' && request.autoSignApproverId
        ? `${publicBaseUrl(deps)}/approval_packages?token=${approvalToken(deps.secrets.sessionSecret, request.id, request.autoSignApproverId)}`
        : `${publicBaseUrl(deps)}/update-signature-request/update/${request.id}`;
  if (!template) {
    const wording = NOTICE_WORDING[email.kind as keyof typeof NOTICE_WORDING](request.title);
    return { message: { subject: wording.subject, text: `${wording.body}\n\n${link}` } };
  }
  const message = await renderCompanyEmail(
    deps,
    request.companyId,
    template,
    {
      // The sender's own notices greet the sender («Hola,» when their name is unknown).
      signer_name: signer?.name ?? senderName,
      document_name: request.title,
      link,
      sender_name: senderName || 'Rúbrica',
      expires_at: deadlineText(request.expiresAt),
      rejection_reason: signer?.rejectionReason ?? '',
    },
    // The sender always learns why, even from a company wording that leaves the reason out.
    email.kind === 'rejected_notice'
      ? { marker: 'rejection_reason', html: REJECTION_REASON_PARAGRAPH }
      : undefined,
  );
  return { message };
}

const REJECTION_REASON_PARAGRAPH = '<p>Motivo: {{rejection_reason}}</p>';

/** The job that composes and sends a recorded e-mail. */
export function registerRequestMailJob(deps: Deps): void {
  deps.queue.register(REQUEST_MAIL_QUEUE, async (payload) => {
    const { emailId } = jobPayload.parse(payload);
    const { db } = deps.database;
    const [email] = await db
      .select()
      .from(signatureRequestEmails)
      .where(eq(signatureRequestEmails.id, emailId));
    if (!email) return;
    const [request] = await db
      .select({
        id: signatureRequests.id,
        companyId: signatureRequests.companyId,
        title: signatureRequests.title,
        expiresAt: signatureRequests.expiresAt,
        autoSignApproverId: signatureRequests.autoSignApproverId,
        senderName: users.name,
        senderLastName: users.lastName,
      })
      .from(signatureRequests)
      .leftJoin(users, eq(users.id, signatureRequests.createdBy))
      .where(eq(signatureRequests.id, email.requestId));
    if (!request) return;
    const [signer] = email.signerId
      ? await db.select().from(signatureRequestSigners).where(eq(signatureRequestSigners.id, email.signerId))
      : [];
    const { message, attachments } = await composeRequestMail(deps, email, request, signer);
    const queued = await deps.mailer.send(
      {
        to: email.to,
        subject: message.subject,
        text: message.text,
        html: 'html' in message ? message.html : undefined,
        attachments,
      },
      { idempotencyKey: `request-mail:${email.id}` },
    );
    await db
      .update(signatureRequestEmails)
      .set({ mailId: await outboxIdOf(db, queued.mailId) })
      .where(eq(signatureRequestEmails.id, email.id));
  });
}

async function outboxIdOf(db: Db, publicId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.publicId, publicId));
  return row?.id ?? null;
}
