import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { messageFor } from '@clinica/domain';
import { seriousViolations } from './axe';
import { USERS, assert, notice, screenshotDir, signIn, test, type Mail } from './harness';
import { PHONE, assertNoPageScroll, uniqueTag } from './helpers';

/**
 * Issue 29: a customer books on /reservar from her phone with the code mailed to her, staff see
 * the booking in the agenda marked 'En línea' with its reminders, and the customer confirms one
 * appointment and cancels another from the link /cita/{token}.
 */

/** A weekday (not Sunday) well past the demo's appointments and the other tests' bookings. */
function farDay(offset: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + offset);
  while (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage: true });

/** The booking code of the latest mail to `email` (`Tu código de confirmación es: XXXXXX`). */
async function codeFor(mailsTo: (address: string) => Mail[], email: string, after = 0) {
  for (let wait = 0; wait < 50; wait += 1) {
    const mails = mailsTo(email);
    const last = mails.length > after ? mails[mails.length - 1] : undefined;
    const code = last && /Tu código de confirmación es: ([A-Z0-9]{6})/.exec(last.text)?.[1];
    if (code) return { code, count: mails.length };
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no booking code was mailed to ${email}`);
}

interface Person {
  name: string;
  lastName: string;
  email: string;
  mobilePhone: string;
}

/** Presses Tab until the focused element's text contains `text`. */
async function tabToText(page: Page, text: string, limit = 30): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused.includes(text)) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

/**
 * Branch, treatment, day and time on /reservar (the branch and the treatment by keyboard alone,
 * when asked); answers the treatment and the time chosen.
 */
async function chooseSlot(page: Page, date: string, { keyboard = false } = {}) {
  await page.locator('.pb-choice').first().waitFor();
  if (keyboard) {
    await tabToText(page, 'Zona Río');
    await page.keyboard.press('Enter');
  } else await page.getByRole('button', { name: /Zona Río/ }).click();
  await page.getByRole('heading', { name: 'Elige el tratamiento' }).waitFor();
  const treatment = page.locator('.pb-choice').first();
  const treatmentName = await treatment.locator('.pb-choice__title').innerText();
  if (keyboard) {
    // The step's heading has the focus: the next Tab is the first treatment.
    await tabToText(page, treatmentName, 1);
    await page.keyboard.press('Enter');
  } else await treatment.click();
  await page.getByRole('heading', { name: 'Elige el día y la hora' }).waitFor();
  await page.getByLabel('Otra fecha').fill(date);
  const time = page.locator('.pb-time').first();
  await time.waitFor();
  return { treatmentName, time: await time.innerText(), pick: () => time.click() };
}

async function fillPerson(page: Page, person: Person) {
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido paterno').fill(person.lastName);
  await page.getByLabel('Fecha de nacimiento').fill('1990-04-12');
  await page.getByLabel('Celular').fill(person.mobilePhone);
  await page.getByLabel('Correo electrónico').fill(person.email);
}

test('Reserva en línea: a customer books on her phone with the mailed code, staff see it marked and resend its reminder, she confirms from the link', async ({
  page,
  baseUrl,
  mailsTo,
}) => {
  const tag = uniqueTag();
  const person: Person = {
    name: `Reserva ${tag}`,
    lastName: 'Prueba',
    email: `reserva.${tag}@example.com`,
    mobilePhone: `664${String(Date.now()).slice(-7)}`,
  };
  const date = farDay(24);
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto(`${baseUrl}/reservar`);
  await page.getByRole('heading', { name: 'Elige la sucursal' }).waitFor();
  await page.locator('.pb-choice').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/reservar: sucursal');
  await assertNoPageScroll(page, '/reservar');
  await shot(page, 'reservar-1-sucursal');

  const slot = await chooseSlot(page, date);
  assert.deepEqual(await seriousViolations(page), [], '/reservar: horarios');
  await assertNoPageScroll(page, '/reservar horarios');
  await shot(page, 'reservar-3-horario');
  await slot.pick();
  await page.getByRole('heading', { name: 'Tus datos' }).waitFor();
  // The step's heading takes the focus, so a screen reader starts there.
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H2');

  // The schema's own messages before anything is sent.
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByText('El campo Nombre es obligatorio').waitFor();
  await fillPerson(page, person);
  assert.deepEqual(await seriousViolations(page), [], '/reservar: datos');
  await shot(page, 'reservar-4-datos');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByRole('heading', { name: 'Escribe el código' }).waitFor();
  const { code } = await codeFor(mailsTo, person.email);

  // A wrong code first: the API's 404/21, said on the page; then the right one books.
  await page.getByLabel('Código').fill(code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await page.getByRole('alert').getByText(messageFor(404, 21)).waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/reservar: código incorrecto');
  await shot(page, 'reservar-5-codigo-incorrecto');
  await page.getByLabel('Código').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await page.getByRole('heading', { name: 'Tu cita está agendada' }).waitFor();
  await page.getByText(slot.treatmentName).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/reservar: agendada');
  await shot(page, 'reservar-6-agendada');
  const link = await page.getByRole('link', { name: 'Ver mi cita' }).getAttribute('href');
  assert.match(link ?? '', /^\/cita\/[\w-]+\.[\w-]+$/);

  // Staff see it in the agenda, marked 'En línea', with its two reminders; 'Reenviar' sends.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/agenda?date=${date}`);
  const booked = page.locator('.agenda-appointment', { hasText: person.name });
  await booked.waitFor();
  assert.match(await booked.innerText(), /En línea/);
  await booked.click();
  const actions = page.locator('.ant-modal').filter({ hasText: 'Recordatorios' });
  await actions.getByText('Pendiente').first().waitFor();
  assert.equal(await actions.getByText('Pendiente').count(), 2, 'e-mail and WhatsApp, pending');
  await actions.getByRole('button', { name: 'Reenviar' }).click();
  await notice(page)
    .getByText(/Recordatorio reenviado/)
    .waitFor();
  await actions.getByText('Enviado').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'agenda: recordatorios');
  await page.screenshot({ path: join(screenshotDir(), 'agenda-recordatorios.png') });
  await page.keyboard.press('Escape');

  // The link: she confirms.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto(`${baseUrl}${link}`);
  await page.getByRole('heading', { name: 'Tu cita' }).waitFor();
  await page.getByText('Agendada').waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/cita');
  await assertNoPageScroll(page, '/cita');
  await shot(page, 'cita-1-agendada');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByText('Gracias: tu cita quedó confirmada.').waitFor();
  await page.getByText('Confirmada', { exact: true }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/cita confirmada');
  await shot(page, 'cita-2-confirmada');
});

test('Reserva en línea: a second booking is cancelled from its link', async ({
  page,
  baseUrl,
  mailsTo,
}) => {
  const tag = uniqueTag();
  const person: Person = {
    name: `Cancela ${tag}`,
    lastName: 'Prueba',
    email: `cancela.${tag}@example.com`,
    mobilePhone: `665${String(Date.now()).slice(-7)}`,
  };
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto(`${baseUrl}/reservar`);
  const slot = await chooseSlot(page, farDay(25), { keyboard: true });
  await slot.pick();
  await fillPerson(page, person);
  // Enter in a field sends the form.
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Escribe el código' }).waitFor();
  const { code } = await codeFor(mailsTo, person.email);
  await page.getByLabel('Código').fill(code);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Tu cita está agendada' }).waitFor();
  await page.getByRole('link', { name: 'Ver mi cita' }).click();
  await page.getByRole('heading', { name: 'Tu cita' }).waitFor();

  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByText('¿Seguro que quieres cancelar tu cita?').waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/cita: ¿cancelar?');
  await shot(page, 'cita-3-pregunta-cancelar');
  await page.getByRole('button', { name: 'Sí, cancelar' }).click();
  await page.getByText('Tu cita quedó cancelada.').waitFor();
  await page.getByText('Cancelada', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Confirmar' }).count(), 0);
  assert.deepEqual(await seriousViolations(page), [], '/cita cancelada');
  await shot(page, 'cita-4-cancelada');

  // A link that does not verify: 404/12, said plainly.
  await page.goto(`${baseUrl}/cita/no.valido`);
  await page.getByRole('alert').getByText(messageFor(404, 12)).waitFor();
  await shot(page, 'cita-5-no-valida');
});
