/** Reads what the app e-mailed during the end-to-end run (see mailbox.ts). */
export type ReceivedMail = { to: string[]; subject: string; text: string; receivedAt: string };

const mailboxUrl = () => `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}`;

/** Every message to `to` received so far, oldest first. */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits (up to `timeoutMs`, 60 s by default: the job queue is slow on a loaded machine) for a message to `to` whose subject matches, received after `since`. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  options: { since?: Date; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const since = options.since?.getTime() ?? 0;
  while (Date.now() < deadline) {
    const match = (await mailsTo(to))
      .filter((message) => subject.test(message.subject) && Date.parse(message.receivedAt) >= since)
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No llegó un correo a ${to} con asunto ${subject}`);
}
