import { expect, type Page, test } from '@playwright/test';
import { EXPIRED, NEAR_EXPIRY, POPUP_SUPPORT } from './fixtures/popups.fixture.js';
import { apiSession, signPageIn } from './support/apiSession.js';

/**
 * SPEC §4 expiry pop-ups against the real server: a company whose plan expires in 5 days gets
 * "Recordatorio", one whose plan expired gets "Importante". The browser clock is moved across
 * midnight (America/Bogotá, the config's time zone) to check "Recordar más tarde".
 */

const DAY = 86_400_000;
const BOGOTA_OFFSET = 5 * 3_600_000; // UTC−5 all year
const RENEW = 'Para renovarlo, comuníquese con su representante. Si ya lo renovó, ignore este mensaje.';

/** Midnight in Bogotá at the start of the day of `time`. */
function bogotaStartOfDay(time: number): number {
  const local = new Date(time - BOGOTA_OFFSET);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + BOGOTA_OFFSET;
}

/** The date as the server words it ("5 de diciembre de 2026"). */
const colombianDate = (time: number) =>
  new Intl.DateTimeFormat('es-CO', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Bogota',
  }).format(new Date(time));

/** The message naming the plan and its date; the fixture ran minutes ago, so either date of that span. */
function expectedMessage(plan: string, verb: string, daysFromNow: number): RegExp {
  const dates = new Set(
    [Date.now(), Date.now() - 30 * 60_000].map((time) => colombianDate(time + daysFromNow * DAY)),
  );
  return new RegExp(`^Su paquete «${plan}» ${verb} el (${[...dates].join('|')})\\.$`);
}

/** An in-app route change (the checks run on route changes, not on a page load). */
async function changeRoute(page: Page) {
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/check_packages'));
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Editar Perfil' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await checked;
}

async function clickOutside(page: Page) {
  await page.mouse.click(5, 5);
}

const storedKeys = (page: Page, prefix: string) =>
  page.evaluate(
    (start) =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((key) => key.startsWith(start))
          .map((key) => [key.replace(/^.*_/, ''), localStorage.getItem(key)]),
      ),
    prefix,
  );

test('a plan near expiry shows "Recordatorio"; "Recordar más tarde" hides it until the next day', {
  tag: '@mobile',
}, async ({ page }) => {
  // Just before midnight, so the next day is two minutes away (and never ahead of the real clock,
  // which the session token's expiry is measured against).
  const today = bogotaStartOfDay(Date.now());
  await page.clock.install({ time: new Date(today - 2 * 60_000) });
  await signPageIn(page, await apiSession(NEAR_EXPIRY.user.email, NEAR_EXPIRY.user.password));

  // At start only the expired check runs: nothing for this company.
  const started = page.waitForResponse((response) => response.url().endsWith('/api/check_expired_packages'));
  await page.goto('/home');
  await started;
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await changeRoute(page);
  const reminder = page.getByRole('dialog', { name: 'Recordatorio' });
  await expect(reminder).toBeVisible();
  await expect(
    reminder.getByText(expectedMessage(NEAR_EXPIRY.plan, 'vence', NEAR_EXPIRY.daysFromNow)),
  ).toBeVisible();
  await expect(reminder.getByText(RENEW)).toBeVisible();
  await expect(reminder.getByText(`WhatsApp: ${POPUP_SUPPORT.whatsapp}`)).toBeVisible();
  await expect(reminder.getByText(`Correo de soporte: ${POPUP_SUPPORT.email}`)).toBeVisible();

  await clickOutside(page);
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Recordar más tarde' }).click();
  await expect(reminder).toBeHidden();
  expect(await storedKeys(page, 'notification_')).toEqual({
    remindLater: 'true',
    nextShowTime: new Date(today).toISOString(),
    lastShowDate: new Date(today - DAY).toISOString(),
  });

  // The same day, even after a reload, it stays hidden.
  await page.goto('/home');
  await changeRoute(page);
  await page.waitForTimeout(300);
  await expect(reminder).toHaveCount(0);

  // The next day it shows again.
  await page.clock.setSystemTime(new Date(today + 60_000));
  await page.goto('/home');
  await changeRoute(page);
  await expect(reminder).toBeVisible();
});

test('an expired plan shows "Importante" at start, which Escape, Enter and a click outside do not close', {
  tag: '@mobile',
}, async ({ page }) => {
  await signPageIn(page, await apiSession(EXPIRED.user.email, EXPIRED.user.password));
  await page.goto('/home');

  const important = page.getByRole('dialog', { name: 'Importante' });
  await expect(important).toBeVisible();
  await expect(
    important.getByText(expectedMessage(EXPIRED.plan, 'venció', EXPIRED.daysFromNow)),
  ).toBeVisible();
  await expect(important.getByText(RENEW)).toBeVisible();
  await expect(important.getByText(`WhatsApp: ${POPUP_SUPPORT.whatsapp}`)).toBeVisible();

  await important.getByRole('button', { name: 'Recordar más tarde' }).focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await clickOutside(page);
  await page.waitForTimeout(300);
  await expect(important).toBeVisible();
  expect((await storedKeys(page, 'expired_notification_')).remindLater).toBeUndefined();

  await important.getByRole('button', { name: 'No recordar' }).click();
  await expect(important).toBeHidden();
  expect(await storedKeys(page, 'expired_notification_')).toEqual({ remindLater: 'false' });

  // At most once a day: a route change in the same tab does not bring it back.
  await changeRoute(page);
  await page.waitForTimeout(300);
  await expect(important).toHaveCount(0);
});
