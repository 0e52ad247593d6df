import type { Page } from 'playwright-core';
import type { AgendaDay, AppointmentRecord } from '@clinica/domain';
import { seriousViolations } from './axe';
import { USERS, api, apiOk, assert, chooseOption, notice, signIn, test } from './harness';

/** Issue 16: the agenda's grid, form and dialogs, by mouse and by keyboard. */

/** A day past the demo's appointments (they run ten days around today), a weekday. */
function freeDay(offset = 0): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14 + offset);
  while (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function openDay(page: Page, baseUrl: string, date: string) {
  await page.goto(`${baseUrl}/dashboard/agenda?date=${date}`);
  await page.getByRole('grid').waitFor();
}

const freeSlots = (page: Page) => page.locator('[role="gridcell"][aria-label$="libre, agendar"]');

test('Agenda: the administrator books from the grid by mouse and by keyboard, meets a busy slot, cancels and locks time, with axe on grid, form and dialogs', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const date = freeDay();
  await signIn(page, baseUrl, USERS.admin);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDay(page, baseUrl, date);
  assert.deepEqual(await seriousViolations(page), [], 'agenda');
  await screenshot('agenda-grid');

  // By mouse: a free slot opens the form with its cabin and time.
  const slot = freeSlots(page).first();
  const label = (await slot.getAttribute('aria-label')) ?? '';
  const [, cabin, time] = /^(.*), (\d\d:\d\d):/.exec(label) ?? [];
  await slot.click();
  await page.waitForURL('**/dashboard/agenda/crear?**');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('startTime'), time);
  await page.locator('#appointment_customerId').waitFor();
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Valoración' }).click();
  await chooseOption(page, 'appointment_customerId', 0);
  await chooseOption(page, 'appointment_appointmentMethod', 0);
  await chooseOption(page, 'appointment_treatmentsIds', 0);
  await page.keyboard.press('Escape');
  await chooseOption(page, 'appointment_categoriesIds', 0);
  await page.keyboard.press('Escape');
  const end = page.getByLabel('Hora de término');
  assert.notEqual(await end.inputValue(), '—', 'the end time is computed');
  assert.deepEqual(await seriousViolations(page), [], 'formulario de cita');
  await screenshot('agenda-formulario');
  await page.getByRole('button', { name: 'Agendar' }).click();
  await page.waitForURL((next) => next.pathname === '/dashboard/agenda');
  const booked = page.getByRole('gridcell', { name: new RegExp(`^${cabin}, ${time} a .*cita de`) });
  await booked.waitFor();

  // A refusal: the same cabin and time again is busy (409 code 5), said on the form.
  await page.goto(`${baseUrl}/dashboard/agenda/crear?${url.searchParams.toString()}`);
  await page.locator('#appointment_customerId').waitFor();
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Valoración' }).click();
  await chooseOption(page, 'appointment_customerId', 1);
  await chooseOption(page, 'appointment_appointmentMethod', 0);
  await chooseOption(page, 'appointment_treatmentsIds', 0);
  await page.keyboard.press('Escape');
  await chooseOption(page, 'appointment_categoriesIds', 0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Agendar' }).click();
  await page.getByText('No se agendó la cita').waitFor();
  await page.getByText('El horario no está disponible').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario con rechazo');
  await screenshot('agenda-rechazo');

  // By keyboard alone: the grid's one tab stop, the arrows, Enter books.
  await openDay(page, baseUrl, date);
  const stop = page.locator('[role="gridcell"][tabindex="0"]');
  await stop.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  assert.ok(focused, 'the focus moved to a slot');
  if (focused.endsWith('libre, agendar')) {
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/agenda/crear?**');
    await page.goBack();
    await page.getByRole('grid').waitFor();
  }

  // Enter on the booked appointment opens its actions; cancel it.
  await booked.focus();
  await page.keyboard.press('Enter');
  const actions = page.locator('.ant-modal').filter({ hasText: 'Historial' });
  await actions.waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'acciones de la cita');
  await screenshot('agenda-acciones');
  await actions.getByRole('button', { name: 'Cancelar cita' }).click();
  const cancel = page.locator('.ant-modal').filter({ hasText: 'Motivo de cancelación' });
  await cancel.waitFor();
  await chooseOption(page, 'cancel_cancellationReason', 'Tráfico');
  assert.deepEqual(await seriousViolations(page), [], 'cancelar cita');
  await cancel.getByRole('button', { name: 'Cancelar cita' }).click();
  await notice(page).first().waitFor();
  await page.getByRole('gridcell', { name: `${cabin}, ${time}: libre, agendar` }).waitFor();

  // Lock the freed half hour (the demo's lunch lock of the same cabin would refuse a whole day).
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const lock = page.locator('.ant-modal').filter({ hasText: 'Bloquear horario' });
  await lock.waitFor();
  await chooseOption(page, 'lock_type', 'Por hora');
  await chooseOption(page, 'lock_cabainId', cabin!);
  await chooseOption(page, 'lock_times', time!);
  // Close the multiple select's list without Escape, which would close the modal.
  await lock.getByText('Bloquear horario').click();
  await chooseOption(page, 'lock_reason', 'Capacitación');
  await page.locator('#lock_reasonDescription').fill('Capacitación de prueba E2E');
  assert.deepEqual(await seriousViolations(page), [], 'bloquear');
  await screenshot('agenda-bloqueo');
  await lock.getByRole('button', { name: 'Bloquear' }).click();
  await page
    .getByRole('gridcell', { name: `${cabin}, ${time}: bloqueado, capacitación` })
    .waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('grid').scrollIntoViewIfNeeded();
  await screenshot('agenda-telefono');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('Agenda: citas, bitácora and bloqueos list the demo with their filters and details, axe clean', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}/dashboard/citas`);
  await page.locator('.ant-table-row').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'citas');
  await screenshot('citas-lista');
  await page.locator('.ant-table-row').first().getByRole('button').first().click();
  const detail = page.getByRole('dialog');
  await detail.getByText('Paciente').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle de cita');
  await screenshot('citas-detalle');
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/dashboard/bitacora`);
  await page.locator('.ant-table-row').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'bitácora');
  await screenshot('bitacora-lista');

  await page.goto(`${baseUrl}/dashboard/bloqueos`);
  await page.locator('.ant-table-row').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'bloqueos');
  await screenshot('bloqueos-lista');
  await page.getByRole('button', { name: 'Bloquear' }).click();
  await page.locator('#lock_type').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'bloquear desde la lista');
});

interface DayAnswer {
  items: AppointmentRecord[];
  day: AgendaDay;
}

test('Agenda: a manager moves an appointment onto a busy slot and is refused on the form, moves it to a free one and confirms it', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  // Two bookings of one cabin on a free day, made through the API from a demo appointment.
  await signIn(page, baseUrl, USERS.manager);
  await page.setViewportSize({ width: 1440, height: 900 });
  const branches = await apiOk<{ id: number; name: string }[]>(page, 'GET', '/branch/all');
  const branchId = branches.find((branch) => branch.name === USERS.manager.branch)!.id;
  const date = freeDay(1);
  const { day } = await apiOk<DayAnswer>(
    page,
    'GET',
    `/appointment?date=${date}&branchId=${branchId}`,
  );
  const { items: demo } = await apiOk<{ items: AppointmentRecord[] }>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&appointmentType=Valoración&take=100`,
  );
  const usable = demo.filter(
    (item) =>
      item.appointmentOption === 'newTreatments' &&
      item.customer.cancellations < 3 &&
      item.customer.blackList === 0,
  );
  const template = usable[0]!;
  const other = usable.find((item) => item.customer.id !== template.customer.id)!;
  assert.ok(template && other, 'the demo has Valoración appointments of two customers');
  const cabin = day.cabins.find((entry) => entry.id === template.cabain.id && entry.hours)!;
  assert.ok(cabin, "the template's cabin works on the free day");
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const timeOf = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const length = Math.ceil(minutesOf(template.term) / 30) * 30;
  const first = timeOf(minutesOf(cabin.hours!.opening) + 60);
  const second = timeOf(minutesOf(first) + length);
  const third = timeOf(minutesOf(second) + length);
  assert.ok(minutesOf(third) + length <= minutesOf(cabin.hours!.closing), 'three fit the day');
  const bookAt = async (startTime: string, customerId: number) => {
    const answer = await api<AppointmentRecord>(page, 'POST', '/appointment/create', {
      appointmentType: template.appointmentType,
      date,
      startTime,
      appointmentMethod: template.appointmentMethod,
      appointmentOption: 'newTreatments',
      branchId,
      cabainId: cabin.id,
      customerId,
      treatmentsIds: template.treatments.map((entry) => entry.id),
      categoriesIds: template.categories.map((entry) => entry.id),
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.data));
    return answer.data;
  };
  await bookAt(first, template.customer.id);
  const moving = await bookAt(second, other.customer.id);

  // The screens: open the second, edit it onto the first's start: refused on the form.
  await openDay(page, baseUrl, date);
  const cell = (time: string) =>
    page.getByRole('gridcell', { name: new RegExp(`^${cabin.name}, ${time} a .*cita de`) });
  await cell(second).click();
  const actions = page.locator('.ant-modal').filter({ hasText: 'Historial' });
  await actions.getByRole('button', { name: 'Editar' }).click();
  await page.waitForURL(`**/dashboard/agenda/${moving.id}`);
  await page.locator('#appointment_startTime').waitFor();
  await chooseOption(page, 'appointment_startTime', first);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('No se guardaron los cambios de la cita').waitFor();
  await page.getByText('El horario no está disponible').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'mover con rechazo');
  await screenshot('agenda-mover-rechazo');
  const still = await apiOk<AppointmentRecord>(page, 'GET', `/appointment/${moving.id}`);
  assert.equal(still.startTime, second, 'a refused move changes nothing');

  // A free start: saved, drawn there, counted as a change.
  await chooseOption(page, 'appointment_startTime', third);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((next) => next.pathname === '/dashboard/agenda');
  await cell(third).waitFor();
  const moved = await apiOk<AppointmentRecord>(page, 'GET', `/appointment/${moving.id}`);
  assert.equal(moved.startTime, third);
  assert.equal(moved.changes, 1);

  // Confirmed by WhatsApp from its actions.
  await cell(third).click();
  await actions.waitFor();
  await chooseOption(page, 'appointment-confirm', 'WhatsApp');
  await notice(page).first().waitFor();
  const confirmed = await apiOk<AppointmentRecord>(page, 'GET', `/appointment/${moving.id}`);
  assert.equal(confirmed.confirmMethod, 'whatsapp');
});
