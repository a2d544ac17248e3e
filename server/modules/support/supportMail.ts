import { businessDurationText } from '../../../contract/businessHours.js';
import type { Deps } from '../../deps.js';
import type { SupportRequestDetail } from './supportQueries.js';

export const SUPPORT_STATUS_LABELS = {
  abierto: 'Abierto',
  en_proceso: 'En proceso',
  esperando_cliente: 'Esperando al cliente',
  resuelto: 'Resuelto',
  cerrado: 'Cerrado',
} as const satisfies Record<SupportRequestDetail['status'], string>;

const appLink = (deps: Deps, path: string) =>
  `${(deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(/\/+$/, '')}${path}`;

/** The notice of an answer, in Spanish, sent once per answer through the durable queue. */
export async function mailSupportResponse(
  deps: Deps,
  notice: { to: string; name: string; ticket: SupportRequestDetail; messageId: number; answer: string },
): Promise<void> {
  const { ticket } = notice;
  await deps.mailer.send(
    {
      to: notice.to,
      subject: `Respuesta a su solicitud de soporte #${ticket.id}: ${ticket.subject}`,
      text: [
        `Hola, ${notice.name}:`,
        '',
        `El equipo de soporte de Rúbrica respondió su solicitud #${ticket.id} («${ticket.subject}»):`,
        '',
        notice.answer,
        '',
        `Estado: ${SUPPORT_STATUS_LABELS[ticket.status]}.`,
        ticket.first_response_minutes !== null
          ? `Tiempo de primera respuesta: ${businessDurationText(ticket.first_response_minutes)} (horario hábil, lunes a viernes de 8:00 a 18:00 COT).`
          : '',
        '',
        `Vea la conversación completa y responda en ${appLink(deps, '/company_supports')}.`,
      ]
        .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
        .join('\n'),
    },
    { idempotencyKey: `support-response:${notice.messageId}` },
  );
}
