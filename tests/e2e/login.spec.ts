import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.js';

const adminEmail = process.env.E2E_ADMIN_EMAIL ?? '';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? '';

// Required fields append an asterisk to their label.
const emailField = (page: Page) => page.getByLabel(/^Correo electrónico/);
const passwordField = (page: Page) => page.getByLabel(/^Contraseña/);
const submitButton = (page: Page) => page.getByRole('button', { name: 'Iniciar sesión' });

test.describe('login', () => {
  // Tagged @mobile: also runs at 390 px wide (the desktop project is 1440 px).
  test('/ lands on /session/login, in Spanish', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveURL(/\/session\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(emailField(page)).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(submitButton(page)).toBeVisible();
    await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute(
      'href',
      '/session/recover-password',
    );

    // Fits the viewport and has no serious accessibility problem.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
  });

  test('an empty submit shows "Campo requerido" without leaving the page', async ({ page }) => {
    await page.goto('/session/login');
    await submitButton(page).click();
    await expect(page.getByText('Campo requerido')).toHaveCount(2);
    await expect(page).toHaveURL(/\/session\/login$/);
  });

  test('the administrator logs in, reaches /home and is greeted by name', async ({ page, request }) => {
    test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are not set');

    // The name to expect comes from the API itself, on a session of its own that is closed afterwards.
    const signin = await request.post('/api/users/signin', {
      data: { email: adminEmail, password: adminPassword },
    });
    expect(signin.ok()).toBe(true);
    const { token, id } = (await signin.json()).data as { token: string; id: number };
    const headers = { Authorization: `Bearer ${token}` };
    const userReply = await request.get(`/api/get_users/${id}`, { headers });
    const fullName = (await userReply.json()).data.full_name as string;
    await request.post('/api/logout', { headers });

    await page.goto('/session/login');
    await emailField(page).fill(adminEmail);
    await passwordField(page).fill(adminPassword);
    await submitButton(page).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await expect(page.getByText(fullName).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });

  test('a wrong password shows the server’s Spanish error and stays on the login page', async ({ page }) => {
    await page.goto('/session/login');
    await emailField(page).fill(adminEmail || 'nadie@example.com');
    await passwordField(page).fill('contraseña-equivocada-123');
    await submitButton(page).click();

    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(alert).toBeVisible();
    // The text is the server's (opaque); it must not be one of react-admin's English fallbacks.
    await expect(alert).not.toHaveText(/authentication failed|unauthorized|please retry/i);
    await expect(page).toHaveURL(/\/session\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
