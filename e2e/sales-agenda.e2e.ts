import { seriousViolations } from './axe';
import { USERS, apiOk, assert, chooseOption, signIn, test } from './harness';
import { branchIdOf, newCustomer, uniqueTag } from './helpers';
import { bookToday, keepOpenLate } from './open-late';

interface Treatment {
  id: number;
  name: string;
  categories: { id: number }[];
  treatmentType: { name: string } | null;
}

test("Ventas: a walk-in's appointment charged from the agenda ('Cobrar') and then finished", async ({
  page,
  context,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.manager);
  const branchId = await branchIdOf(page, 'Zona Río');
  const { items } = await apiOk<{ items: Treatment[] }>(
    page,
    'GET',
    '/treatment?take=100&status=1',
  );
  const treatment = items.find(
    (candidate) => candidate.treatmentType?.name === 'Valoración' && candidate.categories.length,
  );
  assert.ok(treatment, 'the demo has a Valoración treatment');
  const walkIn = await newCustomer<{ id: number }>(page, {
    name: `Cobro${tag}`,
    lastName: 'Mostrador',
    birthday: '1988-03-03',
    prefix: '665',
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
