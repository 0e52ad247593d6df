import type { Page } from 'playwright-core';
import type { AppointmentRecord } from '@clinica/domain';
import { seriousViolations } from './axe';
import { USERS, api, apiOk, assert, signIn, signOut, test } from './harness';
import { branchIdOf, newCustomer, uniqueTag } from './helpers';
import { LAST_START_MINUTES, keepOpenLate } from './open-late';

/**
 * Issue 22, items 6–17: what a newcomer tripped on, each seen through its screen.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Treatment {
  id: number;
  name: string;
  term: string;
  categories: { id: number; name: string }[];
  treatmentType: { name: string } | null;
}

async function treatmentsOf(page: Page): Promise<Treatment[]> {
  return (await apiOk<{ items: Treatment[] }>(page, 'GET', '/treatment?take=100&status=1')).items;
}

interface Day {
  items: AppointmentRecord[];
  day: {
    today: string;
    now: string;
    cabins: { id: number; name: string; hours: { opening: string; closing: string } | null }[];
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Books the first free cabin and half hour of a day (today: from now on) at Zona Río. */
async function bookFirstFree(
  page: Page,
  branchId: number,
  body: Record<string, unknown>,
  date?: string,
): Promise<AppointmentRecord> {
  const probe = await apiOk<Day>(page, 'GET', `/appointment?branchId=${branchId}&date=2030-01-07`);
  const day = date ?? probe.day.today;
  const { day: info } = await apiOk<Day>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=${day}`,
  );
  const from = day === probe.day.today ? minutesOf(info.now) + 30 : 8 * 60;
  for (let at = Math.max(Math.ceil(from / 30) * 30, 8 * 60); at <= LAST_START_MINUTES; at += 30) {
    for (const cabin of info.cabins) {
      const answer = await api<AppointmentRecord>(page, 'POST', '/appointment/create', {
        ...body,
        branchId,
        date: day,
        startTime: timeOf(at),
        cabainId: cabin.id,
      });
      if (answer.status < 300) return answer.data;
    }
  }
  throw new Error(`no free cabin on ${day} at Zona Río`);
}

/** A weekday past the demo's appointments (they run ten days around today). */
function freeDay(offset = 0): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 20 + offset);
  while (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A Valoración treatment with a category: books without a purchase, without appliances. */
async function assessment(page: Page): Promise<Treatment> {
  const treatments = await treatmentsOf(page);
  const found = treatments.find(
    (t) => t.treatmentType?.name === 'Valoración' && t.categories.length > 0,
  );
  assert.ok(found, 'the demo has a Valoración treatment');
  return found;
}

/** The text of a selector's options, from its own dropdown. */
/** The titles of a select's rendered options, after typing `search` when given (the list is
 * virtual: only the first few options are in the page until a search narrows them). */
async function optionTitles(page: Page, id: string, search?: string): Promise<string[]> {
  await page.locator(`[id="${id}"]`).click();
  if (search) await page.keyboard.type(search);
  const dropdown = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${id}_list"]`) });
  await dropdown.waitFor();
  await page.waitForTimeout(300);
  const titles = await dropdown
    .locator('.ant-select-item-option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return titles;
}

test('Issue 22 item 6: an appointment in process without a purchased product says why it cannot be finished and what to do', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, 'Zona Río');
  const treatment = await assessment(page);
  const customer = await newCustomer<{ id: number }>(page, {
    name: `Proceso${tag}`,
    lastName: 'Prueba',
    registryBranchId: branchId,
    prefix: '661',
  });
  // The branch and its cabins open until 23:30 today for this test, whatever the hour.
  const putBack = await keepOpenLate(page, baseUrl, branchId);
  const booked = await bookFirstFree(page, branchId, {
    appointmentType: 'Valoración',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    customerId: customer.id,
    treatmentsIds: [treatment.id],
    categoriesIds: [treatment.categories[0]!.id],
  });
  await apiOk(page, 'PATCH', `/appointment/${booked.id}/set-on-process`);

  await page.goto(`${baseUrl}/dashboard/agenda?date=${booked.date}&branchId=${branchId}`);
  await page.getByRole('grid').waitFor();
  await page
    .getByRole('gridcell', { name: new RegExp(`cita de Proceso${tag}`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Cita ${booked.appointmentNumber}`) });
  await dialog.waitFor();
  await dialog.getByText('Esta cita no se puede terminar: se cobra primero.').waitFor();
  await dialog.getByText(/Vende primero el tratamiento/).waitFor();
  // The greyed control is described by the explanation (a screen reader hears it on focus).
  const status = dialog.locator('#appointment-status');
  assert.equal(await status.isDisabled(), true, 'nothing to choose');
  const describedBy = await status.getAttribute('aria-describedby');
  assert.ok(describedBy?.includes('appointment-status-why'), `aria-describedby: ${describedBy}`);
  assert.deepEqual(await seriousViolations(page), [], 'cita en proceso');
  await screenshot('i22-6-cita-en-proceso');
  await putBack();
});

test('Issue 22 item 7: the customer detail names the loyalty level in Spanish', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const { items } = await apiOk<{
    items: {
      id: number;
      name: string;
      lastName: string;
      motherLastName: string | null;
      loyaltyScale: string;
    }[];
  }>(page, 'GET', '/customer?take=100');
  const customer = items.find((item) => item.loyaltyScale === 'bronze') ?? items[0]!;
  const full = [customer.name, customer.lastName, customer.motherLastName]
    .filter(Boolean)
    .join(' ');
  await page.goto(`${baseUrl}/dashboard/clientes`);
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(customer.name);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: full, exact: true }).first().click();
  const detail = page.getByRole('dialog');
  const level = detail
    .locator('.ant-descriptions-item-label', { hasText: 'Nivel de lealtad' })
    .locator('xpath=following-sibling::*[1]');
  await level.waitFor();
  const text = (await level.innerText()).trim();
  assert.ok(
    ['Bronce', 'Plata', 'Oro', 'Platino', 'Diamante'].includes(text),
    `the level reads '${text}'`,
  );
  assert.deepEqual(await seriousViolations(page), [], 'detalle del cliente');
});

test('Issue 22 item 8: the agenda names patients with 2 or more missed appointments by their full names', async ({
  page,
  baseUrl,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, 'Zona Río');
  const treatment = await assessment(page);
  const common = {
    appointmentType: 'Valoración',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    treatmentsIds: [treatment.id],
    categoriesIds: [treatment.categories[0]!.id],
  };
  // Two patients with one first name, each missed twice today and booked once more.
  const first = `Diego${tag}`;
  const patients = [
    await newCustomer<{ id: number }>(page, {
      name: first,
      lastName: 'Arriaga',
      motherLastName: 'Soto',
      registryBranchId: branchId,
      prefix: '662',
    }),
    await newCustomer<{ id: number }>(page, {
      name: first,
      lastName: 'Benítez',
      motherLastName: 'Lara',
      registryBranchId: branchId,
      prefix: '663',
    }),
  ];
  // The branch and its cabins open until 23:30 today for this test, whatever the hour.
  const putBack = await keepOpenLate(page, baseUrl, branchId);
  let date = '';
  for (const patient of patients) {
    for (let missed = 0; missed < 2; missed += 1) {
      const booked = await bookFirstFree(page, branchId, { ...common, customerId: patient.id });
      await apiOk(page, 'PATCH', `/appointment/${booked.id}/finish`, {
        status: 'absence',
        sessions: [],
        stockIds: [],
      });
    }
    date = (await bookFirstFree(page, branchId, { ...common, customerId: patient.id })).date;
  }
  await page.goto(`${baseUrl}/dashboard/agenda?date=${date}&branchId=${branchId}`);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Pacientes con 2 o más inasistencias hoy' });
  await alert.waitFor();
  const text = await alert.innerText();
  assert.ok(text.includes(`${first} Arriaga Soto`), text);
  assert.ok(text.includes(`${first} Benítez Lara`), text);
  await putBack();
});

test('Issue 22 item 9: Enter in a date field does not submit the form, and the e-mail is checked in Spanish only', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}/dashboard/ordenes-de-compra/crear`);
  await page.locator('#arrivedAt').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('#arrivedAt').click();
  await page.locator('#arrivedAt').fill('01-06-2026');
  await page.locator('#arrivedAt').press('Enter');
  await page.waitForTimeout(1_000);
  // The date is taken, and nothing was submitted: no field was checked, the form stays.
  assert.equal(await page.locator('#arrivedAt').inputValue(), '01-06-2026');
  assert.equal(
    await page.locator('.ant-form-item-explain-error').count(),
    0,
    'Enter in the date submitted the form (its fields were checked)',
  );
  assert.ok(page.url().endsWith('/dashboard/ordenes-de-compra/crear'));
  await signOut(page);

  // The customer form: a wrong e-mail is said in Spanish, never by the browser's bubble.
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/clientes/crear`);
  await page.locator('#email').waitFor();
  await page.evaluate(() => {
    (window as unknown as { invalids: number }).invalids = 0;
    document.addEventListener(
      'invalid',
      () => {
        (window as unknown as { invalids: number }).invalids += 1;
      },
      true,
    );
  });
  await page.locator('#email').fill('ana.lopez');
  await page.getByRole('button', { name: /Guardar/ }).click();
  await page
    .getByText(/El campo Correo electrónico debe ser un correo/)
    .first()
    .waitFor();
  const invalids = await page.evaluate(() => (window as unknown as { invalids: number }).invalids);
  assert.equal(invalids, 0, 'the browser ran its own (English) validation');
  const native = await page
    .locator('form')
    .evaluateAll((forms) => forms.filter((form) => !(form as HTMLFormElement).noValidate).length);
  assert.equal(native, 0, 'every form leaves validation to its Spanish rules');
});

test('Issue 22 item 10: the purchase-order form names its fields as labelled, and the lot placeholder fits', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}/dashboard/ordenes-de-compra/crear`);
  await page.locator('#tax').waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El campo IVA de la factura es obligatorio').waitFor();
  await page.getByText('El campo Total de la factura es obligatorio').waitFor();
  assert.equal(await page.getByText(/El campo (Impuesto|Total) es/).count(), 0);
  // The lot's placeholder is read whole beside its counter.
  const lot = page.locator('#purchaseOrderProducts_0_allotment');
  const fits = await lot.evaluate((input) => {
    const field = input as HTMLInputElement;
    const style = getComputedStyle(field);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return { text: canvas.measureText(field.placeholder).width, room: field.clientWidth };
  });
  assert.ok(fits.text <= fits.room, `the placeholder needs ${fits.text} px, has ${fits.room} px`);
  assert.deepEqual(await seriousViolations(page), [], 'orden de compra con errores');
  await screenshot('i22-10-orden-de-compra');
});

test('Issue 22 item 11: a new transfer says nothing about stock before a product is chosen', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await page.goto(`${baseUrl}/dashboard/transferencias/crear`);
  await page.getByRole('heading', { name: 'Nueva transferencia' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('#transferProducts_0_stockedQuantity').fill('2');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByText('Inventario insuficiente').count(), 0);
  assert.deepEqual(await seriousViolations(page), [], 'transferencia vacía');
});

test('Issue 22 item 12: a lot without a code is named so, and the breadcrumb names the review', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  const branchId = await branchIdOf(page, 'Zona Río');
  const branches = await apiOk<{ id: number; name: string }[]>(page, 'GET', '/branch/all');
  const playas = branches.find((branch) => branch.name === 'Playas de Tijuana')!.id;
  const lots = await apiOk<{ stockId: number; allotment: string; quantity: number }[]>(
    page,
    'GET',
    `/stock/get-stock-by-branch-id?branchId=${branchId}`,
  );
  // The lots' dropdown: a lot without a code reads 'sin lote', never a bare 'Lote ·'.
  await page.goto(`${baseUrl}/dashboard/transferencias/crear`);
  await page.getByRole('heading', { name: 'Nueva transferencia' }).waitFor();
  await page.waitForLoadState('networkidle');
  const titles = await optionTitles(page, 'transferProducts_0_stockId');
  assert.ok(titles.length > 0, 'the origin has lots');
  assert.equal(titles.filter((title) => /Lote\s+·/.test(title)).length, 0, titles.join(' | '));
  if (lots.some((lot) => lot.allotment === '' && lot.quantity > 0)) {
    const unnamed = await optionTitles(page, 'transferProducts_0_stockId', 'sin lote');
    assert.ok(
      unnamed.some((title) => title.includes('Lote sin lote')),
      unnamed.join(' | '),
    );
  }

  // A transfer the origin sends: logistics reviews it under 'Revisar', not 'Editar'.
  const lot = lots.find((candidate) => candidate.quantity >= 1)!;
  const created = await apiOk<{ id: number }>(page, 'POST', '/transfer/create', {
    originBranchId: branchId,
    destinyBranchId: playas,
    comments: 'Revisión de la ruta de navegación',
    transferProducts: [{ stockId: lot.stockId, stockedQuantity: 1 }],
  });
  await signOut(page);
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}/dashboard/transferencias/${created.id}`);
  await page.getByRole('button', { name: 'Aprobar y enviar' }).waitFor();
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await crumbs.getByText('Revisar', { exact: true }).waitFor();
  assert.equal(await crumbs.getByText('Editar', { exact: true }).count(), 0);
  assert.deepEqual(await seriousViolations(page), [], 'revisión de transferencia');
});

test('Issue 22 item 13: the booking form offers as Atiende only the branch medics or cosmetologists, by the type', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, 'Zona Río');
  interface Member {
    name: string;
    lastName: string;
    motherLastName: string;
    role: { role: string };
    kardex: { mainBranch: { id: number } };
    status: string;
  }
  const staff: Member[] = [];
  for (let number = 1; number <= 20; number += 1) {
    const { items } = await apiOk<{ items: Member[] }>(
      page,
      'GET',
      `/user?take=100&page=${number}`,
    );
    staff.push(...items);
    if (items.length < 100) break;
  }
  const nameOf = (member: Member) =>
    [member.name, member.lastName, member.motherLastName].filter(Boolean).join(' ');
  const roleOf = new Map(staff.map((member) => [nameOf(member), member]));

  await page.goto(`${baseUrl}/dashboard/agenda/crear?branchId=${branchId}&date=${freeDay()}`);
  await page.locator('#appointment_customerId').waitFor();
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Médico' }).click();
  const medics = await optionTitles(page, 'appointment_attendedById');
  assert.ok(medics.length > 0, 'the branch has medics');
  for (const title of medics) {
    const member = roleOf.get(title);
    assert.equal(member?.role.role, 'Médico', `${title} is ${member?.role.role}`);
    assert.equal(member?.kardex.mainBranch.id, branchId, `${title} works at Zona Río`);
  }
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Cosmetóloga' }).click();
  const cosmetologists = await optionTitles(page, 'appointment_attendedById');
  assert.ok(cosmetologists.length > 0, 'the branch has cosmetologists');
  for (const title of cosmetologists)
    assert.equal(roleOf.get(title)?.role.role, 'Cosmetóloga', title);
  assert.ok(
    !cosmetologists.some((title) => roleOf.get(title)?.role.role === 'Super Administrador'),
  );
  assert.deepEqual(await seriousViolations(page), [], 'formulario de cita');
  await screenshot('i22-13-atiende');
});

test('Issue 22 item 14: the coupon code loses its length message once corrected', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/cupones/crear`);
  await page.locator('#code').waitFor();
  await page.locator('#code').fill('CODIGODEMASIADOLARGO');
  await page.locator('#name').click();
  const message = page.locator('.ant-form-item').filter({ has: page.locator('#code') });
  await message.getByText(/admite máximo 15 caracteres/).waitFor();
  await page.locator('#code').fill('CODIGOBUENO');
  await page.locator('#name').click();
  await message.getByText(/admite máximo 15 caracteres/).waitFor({ state: 'detached' });
  // Also when the code is corrected by deleting what is past the limit.
  await page.locator('#code').fill('CODIGODEMASIADOLARGO');
  await page.locator('#name').click();
  await message.getByText(/admite máximo 15 caracteres/).waitFor();
  await page.locator('#code').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('Backspace');
  await page.locator('#name').click();
  await message.getByText(/admite máximo 15 caracteres/).waitFor({ state: 'detached' });
  // And after a save refused it: typed in small letters, corrected key by key.
  await page.locator('#code').fill('');
  await page.locator('#code').pressSequentially('cupondemasiadolargo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await message.getByText(/admite máximo 15 caracteres/).waitFor();
  await page.locator('#code').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  await page.locator('#name').click();
  await message.getByText(/admite máximo 15 caracteres/).waitFor({ state: 'detached' });
});

test('Issue 22 item 15: a half-hour appointment on the grid shows its treatment and time, and says them as a tooltip', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, 'Zona Río');
  const treatments = await treatmentsOf(page);
  const short = treatments.find(
    (t) =>
      t.treatmentType?.name === 'Valoración' && t.categories.length > 0 && minutesOf(t.term) <= 30,
  );
  assert.ok(short, 'a treatment of 30 minutes or less');
  const customer = await newCustomer<{ id: number }>(page, {
    name: `Mediahora${tag}`,
    lastName: 'Prueba',
    registryBranchId: branchId,
    prefix: '664',
  });
  const date = freeDay(1);
  const booked = await bookFirstFree(
    page,
    branchId,
    {
      appointmentType: 'Valoración',
      appointmentMethod: 'Cita presencial',
      appointmentOption: 'newTreatments',
      customerId: customer.id,
      treatmentsIds: [short.id],
      categoriesIds: [short.categories[0]!.id],
    },
    date,
  );
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl}/dashboard/agenda?date=${date}&branchId=${branchId}`);
  await page.getByRole('grid').waitFor();
  const cell = page.getByRole('gridcell', { name: new RegExp(`cita de Mediahora${tag}`) });
  await cell.first().waitFor();
  const block = cell.first().locator('.agenda-appointment');
  const time = `${booked.startTime.slice(0, 5)}–${booked.endTime.slice(0, 5)}`;
  const title = (await block.getAttribute('title')) ?? '';
  assert.ok(title.includes(short.name) && title.includes(time), `tooltip: ${title}`);
  // The time is on screen inside the block, not clipped away.
  const seen = await block.evaluate((element, when) => {
    const box = element.getBoundingClientRect();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(when.slice(0, 5))) continue;
      const parent = node.parentElement!;
      if (parent.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      return text.bottom <= box.bottom + 0.5 && text.top >= box.top;
    }
    return false;
  }, time);
  assert.ok(seen, 'the time shows inside the half-hour block');
  // A screen reader hears who, what and when.
  const name = await cell.first().evaluate((element) => element.textContent ?? '');
  assert.ok(name.includes(short.name) && name.includes(time.slice(0, 5)), name);
  assert.deepEqual(await seriousViolations(page), [], 'agenda');
  await cell.first().scrollIntoViewIfNeeded();
  await block.hover();
  await screenshot('i22-15-cita-media-hora');
});

test('Issue 22 item 16: the inventory shows whole expiry dates at 1440 px, and the customer orders fit a phone', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl}/dashboard/inventario`);
  await page.locator('main .ant-table-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  const cut = await page.evaluate(() => {
    const headers = [...document.querySelectorAll('main thead th')];
    const index = headers.findIndex((th) => th.textContent?.trim().startsWith('Caducidad'));
    const cells = [...document.querySelectorAll(`main tbody tr.ant-table-row`)].map(
      (row) => row.children[index] as HTMLElement,
    );
    return cells
      .flatMap((cell) => [...cell.querySelectorAll('span span')] as HTMLElement[])
      .filter((span) => {
        const own = span.getBoundingClientRect();
        const cell = span.closest('td')!.getBoundingClientRect();
        return own.right > cell.right + 0.5 || span.scrollWidth > span.clientWidth + 0.5;
      })
      .map((span) => span.textContent);
  });
  assert.deepEqual(cut, [], 'expiry dates cut');
  // Nothing of the table is hidden under the pinned columns: its last column is in view.
  await screenshot('i22-16-inventario');

  // The customer's orders in the detail, on a phone: the table scrolls inside the dialog.
  const { items } = await apiOk<{
    items: { id: number; name: string; lastName: string; motherLastName: string | null }[];
  }>(page, 'GET', '/customer?take=100');
  let buyer: (typeof items)[number] | undefined;
  for (const item of items) {
    const orders = await apiOk<{ orders: unknown[] }>(page, 'GET', `/customer/${item.id}/orders`);
    if (orders.orders.length > 0) {
      buyer = item;
      break;
    }
  }
  assert.ok(buyer, 'a customer with orders');
  const full = [buyer.name, buyer.lastName, buyer.motherLastName].filter(Boolean).join(' ');
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}/dashboard/clientes`);
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(buyer.name);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: full, exact: true }).first().click();
  const detail = page.getByRole('dialog');
  // The tabs slide as the dialog opens: the tab is chosen once it says so.
  const ordersTab = detail.getByRole('tab', { name: 'Órdenes', exact: true });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if ((await ordersTab.getAttribute('aria-selected')) === 'true') break;
    await ordersTab.click();
    await page.waitForTimeout(300);
  }
  await detail
    .getByRole('cell', { name: /^POS-\d{6}$/ })
    .first()
    .waitFor();
  await page.waitForTimeout(400);
  const overflow = await detail.evaluate((dialog) => {
    const box = dialog.querySelector('.ant-modal-content, .ant-drawer-content') ?? dialog;
    const limit = box.getBoundingClientRect();
    return [...dialog.querySelectorAll('.ant-tabs-tabpane-active table')].map((table) => {
      const own = table.getBoundingClientRect();
      const scroller = table.closest('[role="region"]') as HTMLElement | null;
      const visible = scroller ? scroller.getBoundingClientRect() : own;
      return {
        right: visible.right,
        limit: limit.right,
        page: document.documentElement.scrollWidth,
      };
    });
  });
  // Scrolled by keyboard too: the orders' table is a focusable region of its own.
  await detail.getByRole('region', { name: 'Órdenes del cliente' }).waitFor();
  for (const entry of overflow) {
    assert.ok(
      entry.right <= entry.limit + 1,
      `the orders end at ${entry.right}, the dialog at ${entry.limit}`,
    );
    assert.ok(entry.page <= PHONE.width, `the page scrolls sideways (${entry.page})`);
  }
  await screenshot('i22-16-ordenes-telefono');
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  assert.deepEqual(await seriousViolations(page), [], 'órdenes del cliente');
});

/** Every column of the list's table lies inside its card: nothing to scroll sideways for. */
async function assertWholeTable(page: Page, where: string) {
  const measure = await page.evaluate(() => {
    const content = document.querySelector('main .ant-table-content') as HTMLElement | null;
    const headers = [...document.querySelectorAll('main thead th')] as HTMLElement[];
    const last = headers[headers.length - 1]!.getBoundingClientRect();
    return {
      scroll: content?.scrollWidth ?? 0,
      client: content?.clientWidth ?? 0,
      lastRight: last.right,
      viewport: document.documentElement.clientWidth,
    };
  });
  assert.ok(
    measure.scroll <= measure.client + 1,
    `${where}: the table is ${measure.scroll} px wide in ${measure.client} px`,
  );
  assert.ok(measure.lastRight <= measure.viewport, `${where}: the last column is off-screen`);
}

/** A long cell's whole value is its tooltip and what a screen reader reads. */
async function assertWholeValue(page: Page, value: string, where: string) {
  const cell = page.locator('main td').filter({ hasText: value }).first();
  await cell.waitFor();
  const whole = await cell.evaluate((td, text) => {
    const titled = td.querySelector(`[title="${text}"]`);
    return { titled: titled !== null, read: (td.textContent ?? '').includes(text) };
  }, value);
  assert.ok(whole.titled, `${where}: the tooltip carries '${value}'`);
  assert.ok(whole.read, `${where}: the cell's text carries '${value}'`);
}

test('Issue 22 item 17: lists keep every column on screen at 1440 px with long e-mails, the whole value on hover', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  await page.setViewportSize(DESKTOP);
  const branchId = await branchIdOf(page, 'Zona Río');
  const emails: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const email = `maria.fernanda.gutierrez.villasenor.${tag}${index}@consultorios-esteticos-del-noroeste.com.mx`;
    emails.push(email);
    await newCustomer(page, {
      name: `Largo${tag}`,
      lastName: 'Hernández de la Garza',
      motherLastName: 'Villaseñor Echeverría',
      email,
      registryBranchId: branchId,
      prefix: `66${5 + index}`,
    });
  }
  for (const [path, heading] of [
    ['sistema-de-lealtad', 'Sistema de lealtad'],
    ['miembros', 'Miembros'],
    ['we-miss-you', 'We miss you'],
  ] as const) {
    await page.goto(`${baseUrl}/dashboard/${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page
      .locator('main .ant-table-row')
      .first()
      .waitFor()
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await assertWholeTable(page, heading);
    if (path === 'sistema-de-lealtad') await assertWholeValue(page, emails[0]!, heading);
    assert.deepEqual(await seriousViolations(page), [], heading);
    await screenshot(`i22-17-${path}`);
  }

  // The locks, as a medic sees them (the list the newcomer saw cut).
  await signOut(page);
  await signIn(page, baseUrl, USERS.medic);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl}/dashboard/bloqueos`);
  await page.getByRole('heading', { level: 1, name: 'Bloqueos' }).waitFor();
  await page.locator('main .ant-table-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await assertWholeTable(page, 'Bloqueos');
  assert.deepEqual(await seriousViolations(page), [], 'bloqueos');
  await screenshot('i22-17-bloqueos-medico');
});
