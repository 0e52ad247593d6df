import { seriousViolations } from './axe';
import { USERS, apiOk, assert, chooseOption, signIn, test } from './harness';
import { branchIdOf, newCustomer, uniqueTag } from './helpers';

/**
 * Session series (CONTRACT §15): a package of six laser sessions sold through the API, then four
 * of them booked from the appointment form's 'Agendar serie' dialog, seen in the agenda.
 */

interface Offer {
  id: number;
  sku: string;
  price: number;
}

/** A Monday far past the demo's appointments: with 15 days apart, sessions fall Monday to Saturday. */
function farMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 150);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const plus = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

test('Agenda: a series of four sessions of a purchased package booked from the form, with axe on the dialog', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  await page.setViewportSize({ width: 1440, height: 900 });
  const branchId = await branchIdOf(page, 'Zona Río');
  const buyer = await newCustomer<{ id: number }>(page, {
    name: `Serie${tag}`,
    lastName: 'Axilas',
    prefix: '667',
    registryBranchId: branchId,
  });
  const packages = await apiOk<{ items: Offer[] }>(page, 'GET', '/package?type=Package&take=100');
  const laser = packages.items.find((offer) => offer.sku === 'PQ-LASAX6');
  assert.ok(laser, 'the demo sells six laser sessions');
  await apiOk(page, 'POST', '/order/create', {
    origin: 'SUCURSAL',
    branchId,
    customerId: buyer.id,
    orderDetails: [{ packageId: laser.id, quantity: 1 }],
    payments: [{ paymentMethod: 'Tarjeta de crédito', amount: laser.price, currency: 'MXN' }],
  });

  // The form: the patient, the option 'Productos adquiridos' and the package's treatment.
  const date = farMonday();
  await page.goto(
    `${baseUrl}/dashboard/agenda/crear?branchId=${branchId}&date=${date}&startTime=10:00`,
  );
  await page.locator('#appointment_customerId').waitFor();
  await chooseOption(page, 'appointment_customerId', `Serie${tag}`);
  await chooseOption(page, 'appointment_appointmentMethod', 'Llamada telefónica');
  await page.locator('label.ant-radio-wrapper', { hasText: 'Productos adquiridos' }).click();
  await chooseOption(page, 'appointment_purchasedProductId', 0);
  await page.getByRole('button', { name: 'Agendar serie' }).click();

  const dialog = page.getByRole('dialog', { name: 'Agendar serie de sesiones' });
  await dialog.waitFor();
  await chooseOption(page, 'series-interval', 'Cada 15 días');
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await rows.nth(5).waitFor();
  assert.equal(await rows.count(), 6, 'six sessions remain');
  await dialog.getByText('Disponible').first().waitFor();
  // Four of the six: the last two are left for later.
  await dialog.getByRole('checkbox', { name: 'Incluir la sesión 5' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Incluir la sesión 6' }).uncheck();
  const book = dialog.getByRole('button', { name: 'Agendar 4 sesiones' });
  await book.waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'diálogo de serie');
  await screenshot('agenda-serie-dialogo');

  await book.click();
  await page.waitForURL((next) => next.pathname === '/dashboard/agenda');
  await page.getByRole('grid').waitFor();
  await page
    .getByRole('gridcell', { name: new RegExp(`Serie${tag}`) })
    .first()
    .waitFor();
  await screenshot('agenda-serie-agendada');

  // The four sessions, 15 days apart, one series; the second one on its own day of the agenda.
  const dates = [0, 15, 30, 45].map((days) => plus(date, days));
  const booked: {
    date: string;
    seriesId: string | null;
    customer: { id: number };
    cabain: { id: number };
  }[] = [];
  for (const day of dates) {
    const answer = await apiOk<{ items: typeof booked }>(
      page,
      'GET',
      `/appointment?branchId=${branchId}&date=${day}`,
    );
    booked.push(...answer.items.filter((item) => item.customer.id === buyer.id));
  }
  assert.deepEqual(
    booked.map((item) => item.date),
    dates,
  );
  assert.equal(new Set(booked.map((item) => item.seriesId)).size, 1, 'one series');
  assert.ok(booked[0]!.seriesId, 'with its id');
  await page.goto(`${baseUrl}/dashboard/agenda?date=${dates[1]}&branchId=${branchId}`);
  await page
    .getByRole('gridcell', { name: new RegExp(`Serie${tag}`) })
    .first()
    .waitFor();

  // A second buyer: the proposals avoid the first one's sessions; sent onto one of them anyway,
  // the series is refused whole and the session says why.
  const first = await apiOk<{ day: { cabins: { id: number; name: string }[] } }>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=${date}`,
  );
  const takenCabin = first.day.cabins.find((cabin) => cabin.id === booked[0]!.cabain.id)!.name;
  const second = await newCustomer<{ id: number }>(page, {
    name: `Otra${tag}`,
    lastName: 'Axilas',
    prefix: '668',
    registryBranchId: branchId,
  });
  await apiOk(page, 'POST', '/order/create', {
    origin: 'SUCURSAL',
    branchId,
    customerId: second.id,
    orderDetails: [{ packageId: laser.id, quantity: 1 }],
    payments: [{ paymentMethod: 'Tarjeta de crédito', amount: laser.price, currency: 'MXN' }],
  });
  await page.goto(
    `${baseUrl}/dashboard/agenda/crear?branchId=${branchId}&date=${date}&startTime=10:00`,
  );
  await page.locator('#appointment_customerId').waitFor();
  await chooseOption(page, 'appointment_customerId', `Otra${tag}`);
  await chooseOption(page, 'appointment_appointmentMethod', 'Llamada telefónica');
  await page.locator('label.ant-radio-wrapper', { hasText: 'Productos adquiridos' }).click();
  await chooseOption(page, 'appointment_purchasedProductId', 0);
  await page.getByRole('button', { name: 'Agendar serie' }).click();
  await dialog.waitFor();
  await chooseOption(page, 'series-interval', 'Cada 15 días');
  await rows.nth(5).waitFor();
  await dialog.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await screenshot('agenda-serie-propuesta');
  await chooseOption(page, 'series-cabin-1', takenCabin);
  await chooseOption(page, 'series-time-1', '10:00');
  await dialog.getByRole('button', { name: /^Agendar \d+ sesi/ }).click();
  await dialog.getByText('No se agendó la serie: ninguna sesión quedó agendada').waitFor();
  await dialog
    .getByRole('alert')
    .filter({ hasText: `Sesión 1 (${date} 10:00): El horario no está disponible` })
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'serie rechazada');
  await screenshot('agenda-serie-rechazo');
  const after = await apiOk<{ items: { customer: { id: number } }[] }>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=${date}`,
  );
  assert.ok(!after.items.some((item) => item.customer.id === second.id), 'nothing was booked');
});
