import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { ProviderProblem } from '../../../server/notify/provider.js';

/**
 * Loopback stand-ins that speak the providers' HTTP APIs as documented: paths, authentication,
 * body formats, status codes and error JSON. Used by the tests only.
 */

export type StandIn = {
  url: string;
  received: { path: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
};

async function start(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<StandIn> {
  const received: StandIn['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: request.url ?? '', headers: request.headers, body });
      handle(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const twilioError = (response: ServerResponse, status: number, code: number, message: string) =>
  json(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** Twilio's test numbers (+1500555xxxx) fail as the real API does. */
const TWILIO_MAGIC: Record<string, [number, number, string]> = {
  '+15005550001': [400, 21211, "The 'To' number +15005550001 is not a valid phone number."],
  '+15005550009': [400, 21614, "'To' number is not a valid mobile number"],
  '+15005550004': [400, 21610, 'Attempt to send to unsubscribed recipient'],
  '+15005550003': [
    400,
    21408,
    "Permission to send an SMS has not been enabled for the region indicated by the 'To' number",
  ],
  '+15005550429': [429, 20429, 'Too Many Requests'],
};

export function startTwilioStandIn(account: { sid: string; token: string }): Promise<StandIn> {
  return start((request, body, response) => {
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${account.sid}/Messages.json`) {
      return twilioError(response, 404, 20404, 'The requested resource was not found');
    }
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return twilioError(response, 401, 20003, 'Authenticate');
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return twilioError(response, 400, 20001, 'Unsupported content type');
    }
    const form = new URLSearchParams(body);
    const to = form.get('To');
    if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
    if (!form.get('From') && !form.get('MessagingServiceSid'))
      return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    if (!form.get('Body')) return twilioError(response, 400, 21602, 'Message body is required.');
    if (to === '+15005550500') {
      response.writeHead(500, { 'content-type': 'text/html' });
      return response.end('<html><body>Internal Server Error</body></html>');
    }
    const failure = TWILIO_MAGIC[to];
    if (failure) return twilioError(response, ...failure);
    json(response, 201, {
      sid: `SM${randomBytes(16).toString('hex')}`,
      account_sid: account.sid,
      to,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      body: form.get('Body'),
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      error_code: null,
      error_message: null,
    });
  });
}

const graphError = (
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  type = 'OAuthException',
) =>
  json(response, status, {
    error: { message, type, code, fbtrace_id: `A${randomBytes(10).toString('hex')}` },
  });

/** The Cloud API with one approved template and a sandbox allow-list of recipients. */
export function startWhatsAppStandIn(account: {
  token: string;
  phoneNumberId: string;
  template: string;
  allowed: string[];
}): Promise<StandIn> {
  return start((request, body, response) => {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match)
      return graphError(response, 400, 100, 'Unsupported post request.', 'GraphMethodException');
    if (request.headers.authorization !== `Bearer ${account.token}`) {
      return graphError(response, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (match[2] !== account.phoneNumberId) {
      return graphError(
        response,
        400,
        100,
        `Unsupported post request. Object with ID '${match[2]}' does not exist`,
        'GraphMethodException',
      );
    }
    let message: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type: string; parameters?: { text?: string }[] }[];
      };
    };
    try {
      message = JSON.parse(body);
    } catch {
      return graphError(response, 400, 100, '(#100) Invalid parameter');
    }
    if (message.messaging_product !== 'whatsapp')
      return graphError(response, 400, 100, '(#100) The parameter messaging_product is required.');
    if (message.type !== 'template' || !message.template?.language?.code)
      return graphError(response, 400, 100, '(#100) Invalid parameter');
    if (message.template.name !== account.template) {
      return graphError(response, 404, 132001, '(#132001) Template name does not exist in the translation');
    }
    const bodyParameters =
      message.template.components?.find((component) => component.type === 'body')?.parameters ?? [];
    if (bodyParameters.length !== 1)
      return graphError(
        response,
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
      );
    if (message.to === '15005550429') return graphError(response, 429, 130429, '(#130429) Rate limit hit');
    if (message.to === '15005550500') {
      response.writeHead(502, { 'content-type': 'text/html' });
      return response.end('<html>Bad Gateway</html>');
    }
    if (!message.to || !account.allowed.includes(message.to)) {
      return graphError(response, 400, 131030, '(#131030) Recipient phone number not in allowed list');
    }
    json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: message.to }],
      messages: [{ id: `wamid.${randomBytes(24).toString('base64url')}`, message_status: 'accepted' }],
    });
  });
}

/** The ProviderProblem a send ends with, checked never to carry the provider's secret. */
export async function providerProblemOf(promise: Promise<unknown>, secret: string): Promise<ProviderProblem> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderProblem);
  const problem = error as ProviderProblem;
  for (const text of [problem.message, String(problem), JSON.stringify(problem), problem.stack ?? '']) {
    expect(text).not.toContain(secret);
  }
  return problem;
}
