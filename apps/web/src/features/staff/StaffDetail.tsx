import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Tabs, Typography } from 'antd';
import { FINAL_CONTRACT, type StaffRecord } from '@clinica/domain';
import { formatLocalDate, formatMoney } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { formatPhone } from '../../shared/phone';
import { useStaffMember } from './api';
import { StaffAvatar, StaffStatus } from './StaffBits';
import { EDUCATION_LABELS } from './steps/FileSteps';
import { SHIFT_LABELS } from './steps/UserSteps';
import './staff.css';

type Item = { key: string; label: string; children: ReactNode };
const item = (key: string, label: string, value: ReactNode): Item => ({
  key,
  label,
  children: value === null || value === undefined || value === '' ? '—' : value,
});

function Grid({ items }: { items: Item[] }) {
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}

function LeftCard({ member }: { member: StaffRecord }) {
  const { kardex } = member;
  const name = fullNameOf(member);
  return (
    <Card className="staff-card">
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
        <StaffAvatar name={name} photo={kardex.photo?.name} size={112} />
        <Typography.Text type="secondary">No. {kardex.employeeNumber}</Typography.Text>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
          {name}
        </Typography.Title>
        <StaffStatus status={member.status} />
      </Flex>
      <dl className="staff-card__facts">
        <dt>Usuario</dt>
        <dd>{member.username}</dd>
        <dt>Teléfono</dt>
        <dd>{kardex.phones.map((phone) => formatPhone(phone.phone)).join(', ') || '—'}</dd>
        <dt>Fecha de nacimiento</dt>
        <dd>{formatLocalDate(kardex.birthdate)}</dd>
        <dt>Sucursal actual</dt>
        <dd>{kardex.mainBranch.name}</dd>
        <dt>Puesto</dt>
        <dd>{kardex.jobPosition.name}</dd>
        <dt>Rol</dt>
        <dd>{member.role.role}</dd>
      </dl>
    </Card>
  );
}

function tabsOf(member: StaffRecord) {
  const { kardex } = member;
  const data = kardex.personalData;
  const address = kardex.address;
  const bank = kardex.bankInformation;
  const byMain = <T extends { main: number }>(rows: T[]) =>
    [...rows].sort((a, b) => b.main - a.main);

  return [
    {
      key: 'usuario',
      label: 'Usuario',
      children: (
        <Grid
          items={[
            item('name', 'Nombre', member.name),
            item('lastName', 'Apellido paterno', member.lastName),
            item('motherLastName', 'Apellido materno', member.motherLastName),
            item('username', 'Usuario', member.username),
            item('role', 'Rol', member.role.role),
            item('status', 'Estatus', <StaffStatus status={member.status} />),
          ]}
        />
      ),
    },
    {
      key: 'iniciales',
      label: 'Iniciales',
      children: (
        <Grid
          items={[
            item('employeeNumber', 'Número de empleado', kardex.employeeNumber),
            item('branch', 'Sucursal', kardex.mainBranch.name),
            item('shift', 'Turno', SHIFT_LABELS[kardex.workShift]),
            item('position', 'Puesto', kardex.jobPosition.name),
            item('department', 'Departamento', kardex.jobPosition.department.name),
            item('birthdate', 'Fecha de nacimiento', formatLocalDate(kardex.birthdate)),
            item('phone', 'Teléfono', kardex.phones.map((p) => formatPhone(p.phone)).join(', ')),
            item('salary', 'Sueldo', bank ? formatMoney(bank.salary) : null),
            item('bankAccount', 'Cuenta bancaria', bank?.bankAccount),
            item(
              'isr',
              'ISR',
              bank?.isr === null || bank?.isr === undefined ? null : `${bank.isr}%`,
            ),
            item('admission', 'Fecha de ingreso', formatLocalDate(kardex.admissionDate)),
            item('departure', 'Fecha de baja', formatLocalDate(kardex.departureDate)),
            item('reentry', 'Fecha de reingreso', formatLocalDate(kardex.reentryDate)),
          ]}
        />
      ),
    },
    {
      key: 'personales',
      label: 'Personales',
      children: data ? (
        <Grid
          items={[
            item('gender', 'Género', data.gender),
            item('marital', 'Estado civil', data.maritalStatus),
            item('nationality', 'Nacionalidad', data.nationality),
            item('birthPlace', 'Lugar de nacimiento', `${data.birthCity}, ${data.birthState}`),
            item('nss', 'NSS', data.nss),
            item('curp', 'CURP', data.curp),
            item('rfc', 'RFC', data.rfc),
            item('ocr', 'OCR (INE)', data.ocr),
            item('infonavit', 'Infonavit', data.infonavit === 1 ? 'Sí' : 'No'),
            item('degree', 'Grado de estudios', EDUCATION_LABELS[data.educationalDegree]),
            item('profession', 'Profesión', data.profession),
            item('license', 'Cédula profesional', data.professionalLicense),
            item('provisional', 'Cédula provisional', data.provisionalProfesionalLicense),
            item('children', 'Hijos', String(data.childrens)),
            item('email', 'Correo personal', data.email),
            item('blood', 'Tipo de sangre', data.bloodType),
            item('diseases', 'Enfermedades', data.diseases),
            item('allergies', 'Alergias', data.allergies),
            item('drugAllergies', 'Alergias a medicamentos', data.drugAllergies),
          ]}
        />
      ) : (
        <Empty description="Sin datos personales" />
      ),
    },
    {
      key: 'domicilio',
      label: 'Domicilio',
      children: address ? (
        <Grid
          items={[
            item('address', 'Domicilio actual', address.address),
            item('city', 'Ciudad y estado', `${address.city}, ${address.state}`),
            item('addressINE', 'Domicilio de la INE', address.addressINE),
            item('cityINE', 'Ciudad y estado de la INE', `${address.cityINE}, ${address.stateINE}`),
          ]}
        />
      ) : (
        <Empty description="Sin domicilio" />
      ),
    },
    {
      key: 'contactos',
      label: 'Contactos',
      children:
        kardex.contacts.length > 0 ? (
          <Grid
            items={byMain(kardex.contacts).flatMap((contact, index) => [
              item(
                `name${index}`,
                contact.main ? 'Contacto principal' : 'Contacto secundario',
                contact.name,
              ),
              item(
                `detail${index}`,
                'Parentesco y teléfono',
                `${contact.relationships} · ${formatPhone(contact.phone)}`,
              ),
            ])}
          />
        ) : (
          <Empty description="Sin contactos" />
        ),
    },
    {
      key: 'referencias',
      label: 'Referencias',
      children:
        kardex.jobReferences.length > 0 ? (
          <Grid
            items={byMain(kardex.jobReferences).flatMap((reference, index) => [
              item(
                `company${index}`,
                reference.main ? 'Referencia principal' : 'Referencia secundaria',
                `${reference.company} · ${reference.position}`,
              ),
              item(
                `boss${index}`,
                'Jefe inmediato y teléfono',
                `${reference.boss} · ${formatPhone(reference.phone)}`,
              ),
            ])}
          />
        ) : (
          <Empty description="Sin referencias" />
        ),
    },
    {
      key: 'contratos',
      label: 'Contratos',
      children:
        kardex.signatures.length > 0 ? (
          <Grid
            items={[...kardex.signatures]
              .sort((a, b) => a.number - b.number)
              .map((signature) =>
                item(
                  `contract${signature.number}`,
                  signature.number === FINAL_CONTRACT
                    ? 'Contrato final'
                    : `Contrato ${signature.number}`,
                  formatLocalDate(signature.date),
                ),
              )
              .concat(item('current', 'Contrato actual', member.contract))}
          />
        ) : (
          <Empty description="Sin contratos firmados" />
        ),
    },
  ];
}

/** The detail modal's body: the left card and the seven tabs of the file (spec 000 §2). */
export function StaffDetail({ id }: { id: number }) {
  const member = useStaffMember(id);
  if (member.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (member.isError)
    return <Alert type="error" showIcon title="No se pudo cargar el expediente del empleado" />;
  return (
    <Row gutter={24}>
      <Col xs={24} md={8} lg={7}>
        <LeftCard member={member.data} />
      </Col>
      <Col xs={24} md={16} lg={17}>
        <Tabs items={tabsOf(member.data)} />
      </Col>
    </Row>
  );
}
