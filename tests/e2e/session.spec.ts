import { expect, type Page, test } from '@playwright/test';
import { sessionPersona } from './fixtures/session.fixture.js';
import { waitForMail } from './support/mail.js';

/**
 * Session flows of issue 3 in a real browser, with the real server and a real SMTP mailbox: the
 * two-factor login with the e-mailed code, password recovery through the e-mailed link, the
 * password change on the profile and the "activate two-factor?" prompt. Each test has its own user
 * per Playwright project (they change passwords and codes).
 */

const CODE_SUBJECT = /Código de verificación/;
const RESET_SUBJECT = /Restablezca su contraseña/;
const RESET_CONFIRMATION =
  'Si existe una cuenta con ese correo, le enviamos un enlace para restablecer la contraseña. Revise su bandeja de entrada y la carpeta de correo no deseado.';

const emailField = (page: Page) => page.getByLabel(/^Correo electrónico/);
const passwordField = (page: Page) => page.getByLabel(/^Contraseña/);
const codeField = (page: Page) => page.getByLabel(/^Código de verificación/);

async function submitCredentials(page: Page, email: string, password: string) {
  await page.goto('/session/login');
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Asks for a reset link and waits for the confirmation. On a loaded machine the page can still be
 * re-rendered by the app's start-up right after it shows, emptying the field before the click (the
 * form then says "Campo requerido" and sends nothing), so a refused empty submit is typed again.
 */
async function requestResetLink(page: Page, email: string) {
  await expect(async () => {
    // A slow reply to the previous click may have arrived meanwhile.
    if (await page.getByRole('status').isVisible()) return;
    if ((await emailField(page).inputValue({ timeout: 5_000 })) !== email) await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('status')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('status')).toHaveText(RESET_CONFIRMATION);
}

/** The 6-digit code of the latest sign-in e-mail to `to` received after `since`. */
async function codeFromMail(to: string, since: Date): Promise<string> {
  const mail = await waitForMail(to, CODE_SUBJECT, { since });
  const code = /iniciar sesi[oó]n en R[uú]brica es:\s+(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`El correo a ${to} no trae un código de 6 dígitos`);
  return code;
}

/** Forgets the browser session (the server one simply expires). */
async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test.describe('two-factor login', () => {
  test(
    'asks for the e-mailed 6-digit code and signs in with it',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const persona = sessionPersona('twoFactor', testInfo.project.name);
      const since = new Date();
      await submitCredentials(page, persona.email, persona.password);

      await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
      await expect(
        page.getByText(/^Enviamos un código de 6 dígitos a .+@e2e\.test\. Vence en 10 minutos\.$/),
      ).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

      await codeField(page).fill(await codeFromMail(persona.email, since));
      await page.getByRole('button', { name: 'Verificar' }).click();

      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
      await expect(page.getByText(`Hola, ${persona.fullName}`)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
      // A user with two-factor on is not asked to turn it on.
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );

  test('a wrong code shows the Spanish error; "Reenviar código" sends a new one that works', async ({
    page,
  }, testInfo) => {
    const persona = sessionPersona('wrongCode', testInfo.project.name);
    const first = new Date();
    await submitCredentials(page, persona.email, persona.password);
    const firstCode = await codeFromMail(persona.email, first);
    const wrongCode = firstCode === '000000' ? '111111' : '000000';

    await codeField(page).fill(wrongCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Código incorrecto. Le quedan 4 intentos' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/session\/login$/);

    const second = new Date();
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Enviamos un nuevo código a / })).toBeVisible();
    const secondCode = await codeFromMail(persona.email, second);

    // The first code no longer works once a new one is sent.
    if (secondCode !== firstCode) {
      await codeField(page).fill(firstCode);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: /Código incorrecto|ya no es válid/ }),
      ).toBeVisible();
    }
    await codeField(page).fill(secondCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('password recovery', () => {
  test(
    'the same confirmation for any e-mail; the e-mailed link sets a new password',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const persona = sessionPersona('recover', testInfo.project.name);
      const newPassword = `Nueva-${testInfo.project.name}-2026`;

      // An unknown address gets exactly the same answer.
      await page.goto('/session/login');
      await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
      await expect(page).toHaveURL(/\/session\/recover-password$/);
      await requestResetLink(page, `nadie-${testInfo.project.name}@e2e.test`);

      const since = new Date();
      await page.goto('/session/recover-password');
      await requestResetLink(page, persona.email);

      const mail = await waitForMail(persona.email, RESET_SUBJECT, { since });
      const link = /https?:\/\/\S+\/session\/recover-password\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link, 'the e-mail carries the reset link').toBeTruthy();
      await page.goto(link ?? '');

      await expect(page.getByRole('heading', { level: 1, name: 'Crear una nueva contraseña' })).toBeVisible();
      await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
      await page.getByLabel(/^Confirmar contraseña/).fill(newPassword);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Su contraseña fue actualizada. Ya puede iniciar sesión con ella.',
      );

      // The link works once.
      await page.goto(link ?? '');
      await page.getByLabel(/^Nueva contraseña/).fill(`${newPassword}-b`);
      await page.getByLabel(/^Confirmar contraseña/).fill(`${newPassword}-b`);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(page.getByRole('alert')).toHaveText(/ya fue usado|no es válido/);

      await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
      await expect(page).toHaveURL(/\/session\/login$/);
      await emailField(page).fill(persona.email);
      await passwordField(page).fill(newPassword);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page).toHaveURL(/\/home$/);
    },
  );
});

test.describe('profile', () => {
  test('changes the password: a wrong current one is refused, the new one signs in', async ({
    page,
  }, testInfo) => {
    const persona = sessionPersona('changePassword', testInfo.project.name);
    const newPassword = `Cambiada-${testInfo.project.name}-2026`;
    await submitCredentials(page, persona.email, persona.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Datos del usuario' }).getByText(persona.fullName),
    ).toBeVisible();

    await page.getByLabel(/^Contraseña actual/).fill('no-es-la-actual-1');
    await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
    await page.getByLabel(/^Confirmar contraseña/).fill(newPassword);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'La contraseña actual es incorrecta' }),
    ).toBeVisible();

    await page.getByLabel(/^Contraseña actual/).fill(persona.password);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Contraseña actualizada', { exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Contraseña actual/)).toHaveValue('');

    await forgetSession(page);
    await submitCredentials(page, persona.email, persona.password);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos' }),
    ).toBeVisible();
    await submitCredentials(page, persona.email, newPassword);
    await expect(page).toHaveURL(/\/home$/);
  });

  test(
    'after a login without two-factor the prompt offers it; "Activar" makes the next login ask for a code',
    {
      tag: '@mobile',
    },
    async ({ page }, testInfo) => {
      const persona = sessionPersona('prompt', testInfo.project.name);
      await submitCredentials(page, persona.email, persona.password);
      await expect(page).toHaveURL(/\/home$/);

      const prompt = page.getByRole('dialog', { name: '¿Activar la verificación en dos pasos?' });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Activar' }).click();
      await expect(prompt).toBeHidden();
      await expect(page.getByText('Verificación en dos pasos activada').first()).toBeVisible();

      // The answer is remembered: the profile shows it on, and the next login asks for the code.
      await page.goto('/user/profile');
      await expect(page.getByRole('switch', { name: 'Verificación en dos pasos' })).toBeChecked();
      await forgetSession(page);
      const since = new Date();
      await submitCredentials(page, persona.email, persona.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
      await codeField(page).fill(await codeFromMail(persona.email, since));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Turned off again from the profile, the prompt does not come back.
      await page.goto('/user/profile');
      await page.getByRole('switch', { name: 'Verificación en dos pasos' }).click();
      await expect(page.getByRole('switch', { name: 'Verificación en dos pasos' })).not.toBeChecked();
      await forgetSession(page);
      await submitCredentials(page, persona.email, persona.password);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
      await expect(prompt).toHaveCount(0);
    },
  );
});
