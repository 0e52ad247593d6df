import { eq } from 'drizzle-orm';
import {
  NotFound,
  ageOn,
  formatLocalDate,
  formatOrderNumber,
  formatPersonName,
  localDayAndTime,
} from '@clinica/domain';
import { branch, consent, customer, treatment } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import {
  BLACK,
  contentWidth,
  field,
  GREY,
  localDay,
  MARGIN,
  renderPdf,
  type Doc,
} from '../../platform/pdf';
import { getAppointment, type AppointmentRecord } from './appointment-read';

/**
 * `GET /consent/{consentId}/{appointmentId}` (spec 002 §7): the consent document a customer signs
 * before a treatment, printed with the customer's data (name, number, birthday and age, phone),
 * the treatment, the appointment's day, time and branch and the attending staff member, its text,
 * and the signature lines, in the documents' one look (`platform/pdf.ts`).
 */

interface ConsentDocument {
  consent: { name: string; text: string };
  treatment: string;
  customer: {
    name: string;
    number: number;
    birthday: string;
    phone: string;
  };
  appointment: AppointmentRecord;
  today: string;
}

/**
 * The treatments of the appointment that ask for this consent: the purchased product's and those
 * booked. None is 404 code 2: the consent is not the appointment's treatment's.
 */
async function treatmentWithConsent(ctx: Context, record: AppointmentRecord, consentId: number) {
  const ids = [
    ...(record.purchasedProduct ? [record.purchasedProduct.treatment.id] : []),
    ...record.treatments.map((entry) => entry.id),
  ];
  for (const id of ids) {
    const [row] = await ctx.db
      .select({ name: treatment.name, consentId: treatment.consentId })
      .from(treatment)
      .where(eq(treatment.id, id));
    if (row && row.consentId === consentId) return row.name;
  }
  throw notFound(NotFound.treatment);
}

function signatureLine(doc: Doc, label: string, x: number, y: number, width: number) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .strokeColor(BLACK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(label, x, y + 4, { width, align: 'center' });
}

function render(data: ConsentDocument): Promise<Buffer> {
  const { appointment: record } = data;
  return renderPdf(
    `Consentimiento informado: ${data.consent.name}`,
    `${record.branch.name} · Cita ${formatOrderNumber('appointment', record.appointmentNumber)} · Impreso el ${formatLocalDate(data.today)}`,
    (doc, top) => {
      const third = contentWidth(doc) / 3;
      let y = top;
      field(doc, 'Paciente', data.customer.name, MARGIN, y, third * 2);
      field(doc, 'Número de paciente', String(data.customer.number), MARGIN + third * 2, y, third);
      y += 30;
      const age = ageOn(data.customer.birthday, data.today);
      field(
        doc,
        'Fecha de nacimiento',
        `${formatLocalDate(data.customer.birthday)} (${age} años)`,
        MARGIN,
        y,
        third,
      );
      field(doc, 'Teléfono', data.customer.phone, MARGIN + third, y, third);
      field(doc, 'Tratamiento', data.treatment, MARGIN + third * 2, y, third);
      y += 30;
      field(
        doc,
        'Fecha y hora de la cita',
        `${formatLocalDate(record.date)} ${record.startTime}`,
        MARGIN,
        y,
        third,
      );
      field(doc, 'Sucursal', record.branch.name, MARGIN + third, y, third);
      field(doc, 'Atiende', record.attendedBy?.name ?? '', MARGIN + third * 2, y, third);
      y += 40;
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(BLACK)
        .text(data.consent.text, MARGIN, y, { width: contentWidth(doc), align: 'justify' });
      y = doc.y + 70;
      if (y + 30 > doc.page.height - MARGIN) {
        doc.addPage();
        y = MARGIN + 70;
      }
      const width = (contentWidth(doc) - 40) / 2;
      signatureLine(doc, `Firma del paciente: ${data.customer.name}`, MARGIN, y, width);
      signatureLine(
        doc,
        `Firma de quien atiende${record.attendedBy ? `: ${record.attendedBy.name}` : ''}`,
        MARGIN + width + 40,
        y,
        width,
      );
    },
  );
}

/** The consent's PDF for an appointment the caller may reach (404 code 12), with its file name. */
export async function consentPdf(
  ctx: Context,
  consentId: number,
  appointmentId: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const record = await getAppointment(ctx, appointmentId);
  const treatmentName = await treatmentWithConsent(ctx, record, consentId);
  const [document] = await ctx.db
    .select({ name: consent.name, text: consent.text })
    .from(consent)
    .where(eq(consent.id, consentId));
  if (!document) throw notFound(NotFound.treatment);
  const [person] = await ctx.db
    .select({
      name: customer.name,
      lastName: customer.lastName,
      motherLastName: customer.motherLastName,
      number: customer.customerId,
      birthday: customer.birthday,
      mobilePhone: customer.mobilePhone,
      phone: customer.phone,
    })
    .from(customer)
    .where(eq(customer.id, record.customer.id));
  const [zone] = await ctx.db
    .select({ zone: branch.zone })
    .from(branch)
    .where(eq(branch.id, record.branch.id));
  const today = zone ? localDayAndTime(ctx.clock.now(), zone.zone).date : localDay(ctx.clock.now());
  const bytes = await render({
    consent: document,
    treatment: treatmentName,
    customer: {
      name: formatPersonName(person!),
      number: person!.number,
      birthday: person!.birthday,
      phone: person!.mobilePhone ?? person!.phone ?? '',
    },
    appointment: record,
    today,
  });
  return {
    bytes,
    filename: `consentimiento-${formatOrderNumber('appointment', record.appointmentNumber)}.pdf`,
  };
}
