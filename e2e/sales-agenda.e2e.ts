import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, api, apiOk, assert, chooseOption, signIn, test } from './harness';
import { LAST_START_MINUTES, keepOpenLate } from './open-late';

/**
 * Issue 25, charging from the agenda (CONTRACT §12): a walk-in booked today for a new treatment
 * cannot be finished and the agenda says why; 'Cobrar' opens the point of sale with the customer
 * and the treatment; once paid the appointment offers 'Terminar' and is finished.
 */

const uniqueTag = () =>
  [...String(Date.now()).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('');

interface Treatment {
  id: number;
  name: string;
  categories: { id: number }[];
  treatmentType: { name: string } | null;
}
interface Day {
  day: { today: string; now: string; cabins: { id: number }[] };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Books the first free cabin and half hour from now on today, with an attendant free then. */
async function bookToday(
  page: Page,
  branchId: number,
  body: Record<string, unknown>,
  attendants: { id: number }[],
) {
  const probe = await apiOk<Day>(page, 'GET', `/appointment?branchId=${branchId}&date=2030-01-07`);
  const { day } = await apiOk<Day>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=${probe.day.today}`,
  );
  const [hours, minutes] = day.now.split(':').map(Number) as [number, number];
  const from = Math.max(Math.ceil((hours * 60 + minutes + 30) / 30) * 30, 8 * 60);
  for (let at = from; at <= LAST_START_MINUTES; at += 30) {
    for (const cabin of day.cabins) {
      for (const attendant of attendants) {
        const answer = await api<{
          id: number;
          appointmentNumber: number;
          date: string;
          attendedBy: { name: string } | null;
        }>(page, 'POST', '/appointment/create', {
          ...body,
          branchId,
          date: day.today,
          startTime: `${pad(Math.floor(at / 60))}:${pad(at % 60)}`,
          cabainId: cabin.id,
          attendedById: attendant.id,
        });
        if (answer.status < 300) return answer.data;
      }
    }
  }
  throw new Error('no free cabin today at Zona Río');
}

test("Ventas: a walk-in's appointment charged from the agenda ('Cobrar') and then finished", async ({
  page,
  context,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.manager);
  const branches = await apiOk<{ id: number; name: string }[]>(page, 'GET', '/branch/all');
  const branchId = branches.find((branch) => branch.name === 'Zona Río')!.id;
  const { items } = await apiOk<{ items: Treatment[] }>(
    page,
    'GET',
    '/treatment?take=100&status=1',
  );
  const treatment = items.find(
    (candidate) => candidate.treatmentType?.name === 'Valoración' && candidate.categories.length,
  );
  assert.ok(treatment, 'the demo has a Valoración treatment');
  const walkIn = await apiOk<{ id: number }>(page, 'POST', '/customer/create', {
    name: `Cobro${tag}`,
    lastName: 'Mostrador',
    birthday: '1988-03-03',
    mobilePhone: `665${String(Date.now()).slice(-7)}`,
    registryBranchId: branchId,
  });
  const attendants = await apiOk<{ id: number }[]>(
    page,
    'GET',
    `/appointment/attendants?branchId=${branchId}&appointmentType=${encodeURIComponent('Valoración')}`,
  );
  // The branch and its cabins open until 23:30 today for this test, whatever the hour.
  const putBack = await keepOpenLate(page, baseUrl, branchId);
  const booked = await bookToday(
    page,
    branchId,
    {
      appointmentType: 'Valoración',
      appointmentMethod: 'Cita presencial',
      appointmentOption: 'newTreatments',
      customerId: walkIn.id,
      treatmentsIds: [treatment.id],
      categoriesIds: [treatment.categories[0]!.id],
    },
    attendants,
  );
  await apiOk(page, 'PATCH', `/appointment/${booked.id}/set-on-process`);

  // The agenda says why it cannot be finished, and offers 'Cobrar'.
  const openAppointment = async () => {
    await page.goto(`${baseUrl}/dashboard/agenda?date=${booked.date}&branchId=${branchId}`);
    await page.getByRole('grid').waitFor();
    await page
      .getByRole('gridcell', { name: new RegExp(`cita de Cobro${tag}`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', {
      name: new RegExp(`Cita ${booked.appointmentNumber}`),
    });
    await dialog.waitFor();
    return dialog;
  };
  let dialog = await openAppointment();
  await dialog.getByText('Esta cita no se puede terminar: se cobra primero.').waitFor();
  await dialog.getByText(/con «Cobrar»/).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'cita por cobrar');
  await screenshot('ventas-agenda-cobrar');
  await dialog.getByRole('button', { name: 'Cobrar' }).click();

  // The point of sale, with the customer and the treatment in the cart.
  await page.waitForURL(/\/dashboard\/ventas-en-sucursal\/nueva\?appointmentId=/);
  await page.getByText('Cobro de una cita de la agenda').waitFor();
  await page
    .locator('#pos-customer')
    .locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')
    .getByText(`Cobro${tag}`)
    .waitFor();
  await page.locator('.pos__lines').getByText(treatment.name, { exact: true }).waitFor();
  const quote = await apiOk<{ total: number }>(page, 'POST', '/order/quote', {
    origin: 'SUCURSAL',
    branchId,
    customerId: walkIn.id,
    appointmentId: booked.id,
    orderDetails: [{ treatmentId: treatment.id, quantity: 1 }],
    payments: [],
  });
  await page.locator('#pos-pay-cash').fill(String(Math.ceil(quote.total)));
  await page.getByRole('button', { name: 'Cobrar (F9)' }).and(page.locator(':enabled')).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'punto de venta de una cita');
  const [ticket] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Cobrar (F9)' }).click(),
  ]);
  await ticket.close();
  await page.waitForURL((url) => url.pathname === '/dashboard/agenda');

  // Paid: the appointment is tied to its purchased product and 'Terminar' is offered.
  const tied = await apiOk<{ purchasedProduct: { id: number } | null }>(
    page,
    'GET',
    `/appointment/${booked.id}`,
  );
  assert.ok(tied.purchasedProduct, 'the sale tied a purchased product to the appointment');
  dialog = await openAppointment();
  assert.equal(await dialog.getByText('se cobra primero').count(), 0);
  await dialog.getByRole('button', { name: 'Cobrar' }).waitFor({ state: 'detached' });
  await chooseOption(page, 'appointment-status', 'Terminar');
  const finish = page.getByRole('dialog', {
    name: new RegExp(`Terminar la cita ${booked.appointmentNumber}`),
  });
  await finish.waitFor();
  // The consent comes first when the treatment asks for one; the attendant's field follows it.
  await finish.locator('#finish-consent, #finish-attendedById').first().waitFor();
  if (await finish.locator('#finish-consent').count())
    await finish.locator('#finish-consent').click();
  await finish.locator('#finish-attendedById').waitFor();
  // The one it was booked with, who is free then (another may be busy at that time).
  await chooseOption(page, 'finish-attendedById', booked.attendedBy?.name ?? 0);
  // A treatment without areas has nothing to choose in its session (the field is disabled).
  if (await finish.locator('#finish-session-0').isEnabled())
    await chooseOption(page, 'finish-session-0', 0);
  if (await finish.locator('#finish-stockId-0').count())
    await chooseOption(page, 'finish-stockId-0', 0);
  await finish.getByRole('button', { name: 'Terminar cita' }).click();
  await finish.waitFor({ state: 'hidden' });
  const done = await apiOk<{ status: string }>(page, 'GET', `/appointment/${booked.id}`);
  assert.equal(done.status, 'finished');
  await putBack();
});
