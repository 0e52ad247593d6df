import { useState } from 'react';
import { Button, Descriptions, Flex, Form, Image, Select, Table, Tabs, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_STATUS_LABELS,
  LOYALTY_SCALE_LABELS,
  NOTE_TYPES,
  formatMoney,
  PURCHASED_PRODUCT_STATUS_LABELS,
  maskPhone,
  noteBody,
  type PurchasedProductRecord,
} from '@clinica/domain';
import { SchemaField } from '../../shared/form/SchemaField';
import { ScrollRegion } from '../../shared/ScrollRegion';
import { formatDateTime, formatLocalDate } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import {
  createNote,
  customerKeys,
  fetchAppointments,
  fetchNotes,
  fetchOrders,
  fetchPurchasedProducts,
  notePhotoUrl,
  type Customer,
  type Note,
} from './api';
import { BlackListTag, fullName } from './CustomersPage';
import { Orders } from './CustomerOrders';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

function Information({ customer }: { customer: Customer }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'name', label: 'Nombre', children: fullName(customer), span: 2 },
        { key: 'number', label: 'No. cliente', children: customer.customerId },
        {
          key: 'birthday',
          label: 'Fecha de nacimiento',
          children: formatLocalDate(customer.birthday),
        },
        { key: 'gender', label: 'Género', children: dash(customer.gender) },
        { key: 'marital', label: 'Estado civil', children: dash(customer.maritalStatus) },
        { key: 'mobile', label: 'Celular', children: dash(maskPhone(customer.mobilePhone)) },
        { key: 'phone', label: 'Teléfono', children: dash(maskPhone(customer.phone)) },
        { key: 'email', label: 'Correo electrónico', children: dash(customer.email), span: 2 },
        { key: 'country', label: 'País de origen', children: dash(customer.originCountry) },
        { key: 'reference', label: 'Referencia', children: dash(customer.reference) },
        {
          key: 'tutor',
          label: 'Tutor',
          children: customer.tutor
            ? `${fullName(customer.tutor)} (${dash(customer.relationship)})`
            : customer.isTutor === 1
              ? 'Es tutor'
              : '—',
        },
        { key: 'branch', label: 'Sucursal de registro', children: customer.registryBranch.name },
        { key: 'points', label: 'Puntos', children: customer.points },
        {
          key: 'scale',
          label: 'Nivel de lealtad',
          children: LOYALTY_SCALE_LABELS[customer.loyaltyScale],
        },
        { key: 'cancellations', label: 'Cancelaciones', children: customer.cancellations },
        { key: 'missed', label: 'Inasistencias', children: customer.missedAppointments },
        { key: 'blackList', label: 'Lista negra', children: <BlackListTag customer={customer} /> },
      ]}
    />
  );
}

interface NoteValues {
  noteType: (typeof NOTE_TYPES)[number];
  title: string;
  note: string;
}

function NoteForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const [form] = Form.useForm<NoteValues>();
  const [photo, setPhoto] = useState<File | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: NoteValues) => createNote({ ...values, customerId: customer.id }, photo),
    onSuccess: async () => {
      form.resetFields();
      setPhoto(null);
      await queryClient.invalidateQueries({ queryKey: ['customer', 'notes', customer.id] });
      onDone();
    },
    onError: notifyError,
  });
  return (
    <Form
      // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
      noValidate
      form={form}
      layout="vertical"
      onFinish={(values) => save.mutate(values)}
      initialValues={{ noteType: 'General' }}
    >
      <Flex gap={12} wrap>
        <div style={{ minWidth: 180 }}>
          <SchemaField schema={noteBody} name="noteType" label="Tipo de nota">
            <Select options={NOTE_TYPES.map((type) => ({ value: type, label: type }))} />
          </SchemaField>
        </div>
        <div style={{ flex: 1, minWidth: 220 }}>
          <SchemaField schema={noteBody} name="title" showCount />
        </div>
      </Flex>
      <SchemaField schema={noteBody} name="note" rows={{ minRows: 2, maxRows: 6 }} />
      <Flex gap={12} align="center" wrap>
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          maxCount={1}
          beforeUpload={(file) => {
            setPhoto(file);
            return false;
          }}
          onRemove={() => setPhoto(null)}
          fileList={photo ? [{ uid: '1', name: photo.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>Foto (opcional)</Button>
        </Upload>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Guardar nota
        </Button>
      </Flex>
    </Form>
  );
}

function Notes({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { can } = usePrivileges();
  const notes = useQuery({
    queryKey: customerKeys.notes(customer.id, page),
    queryFn: ({ signal }) => fetchNotes(customer.id, page, signal),
  });
  return (
    <Flex vertical gap={12}>
      {can('clients', 'note') && !adding && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Agregar nota
        </Button>
      )}
      {adding && <NoteForm customer={customer} onDone={() => setAdding(false)} />}
      <Table<Note>
        rowKey="id"
        size="small"
        loading={notes.isLoading}
        dataSource={notes.data?.items ?? []}
        pagination={{
          current: page,
          pageSize: 5,
          total: notes.data?.meta.itemCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: 'Sin notas' }}
        columns={[
          { key: 'type', title: 'Tipo', render: (_, note) => note.noteType },
          { key: 'title', title: 'Título', render: (_, note) => note.title },
          { key: 'note', title: 'Nota', render: (_, note) => note.note },
          {
            key: 'photo',
            title: 'Foto',
            render: (_, note) =>
              note.photo ? (
                <Image
                  width={48}
                  src={notePhotoUrl(note.photo.name)}
                  alt={`Foto de la nota ${note.title}`}
                />
              ) : (
                '—'
              ),
          },
          { key: 'user', title: 'Usuario', render: (_, note) => note.user.name },
          { key: 'date', title: 'Fecha', render: (_, note) => formatDateTime(note.created_at) },
        ]}
      />
    </Flex>
  );
}

function Appointments({ customer }: { customer: Customer }) {
  const appointments = useQuery({
    queryKey: customerKeys.appointments(customer.id),
    queryFn: ({ signal }) => fetchAppointments(customer.id, signal),
  });
  return (
    <Table
      size="small"
      rowKey="id"
      loading={appointments.isLoading}
      dataSource={appointments.data ?? []}
      pagination={{ pageSize: 5, showSizeChanger: false }}
      locale={{ emptyText: 'Sin citas' }}
      columns={[
        { key: 'number', title: 'No. cita', dataIndex: 'appointmentNumber' },
        {
          key: 'date',
          title: 'Fecha',
          render: (_, item) => `${formatLocalDate(item.date)} ${item.startTime}`,
        },
        {
          key: 'treatment',
          title: 'Tratamiento',
          render: (_, item) => item.treatments.map((entry) => entry.name).join(', '),
        },
        {
          key: 'status',
          title: 'Estatus',
          render: (_, item) => APPOINTMENT_STATUS_LABELS[item.status],
        },
      ]}
    />
  );
}

function CashOrders({ customer }: { customer: Customer }) {
  const orders = useQuery({
    queryKey: customerKeys.orders(customer.id),
    queryFn: ({ signal }) => fetchOrders(customer.id, signal),
  });
  return (
    <Table
      size="small"
      rowKey={(_, index) => String(index)}
      loading={orders.isLoading}
      dataSource={orders.data?.cashOrders ?? []}
      pagination={{ pageSize: 5, showSizeChanger: false }}
      locale={{ emptyText: 'Sin órdenes en efectivo' }}
      columns={[
        { key: 'orderNumber', title: 'No. orden', dataIndex: 'orderNumber' },
        {
          key: 'date',
          title: 'Fecha',
          render: (_, item) => formatDateTime(item.created_at),
        },
        { key: 'branch', title: 'Sucursal', render: (_, item) => item.branch.name },
        { key: 'total', title: 'Total', render: (_, item) => formatMoney(item.total) },
        { key: 'points', title: 'Puntos', dataIndex: 'points' },
        {
          key: 'status',
          title: 'Estatus',
          render: (_, item) => (item.refundedAt ? 'Devolución' : 'Venta'),
        },
      ]}
    />
  );
}

function PurchasedProducts({ customer }: { customer: Customer }) {
  const products = useQuery({
    queryKey: customerKeys.purchased(customer.id),
    queryFn: ({ signal }) => fetchPurchasedProducts(customer.id, signal),
  });
  return (
    <Table<PurchasedProductRecord>
      size="small"
      rowKey="id"
      loading={products.isLoading}
      dataSource={products.data ?? []}
      pagination={{ pageSize: 5, showSizeChanger: false }}
      locale={{ emptyText: 'Sin productos adquiridos' }}
      columns={[
        { key: 'treatment', title: 'Tratamiento', render: (_, row) => row.treatment.name },
        {
          key: 'package',
          title: 'Paquete o promoción',
          render: (_, row) => row.package?.name ?? '—',
        },
        { key: 'sessions', title: 'Sesiones', align: 'right', render: (_, row) => row.sessions },
        {
          key: 'current',
          title: 'Sesión actual',
          align: 'right',
          render: (_, row) => row.currentSession,
        },
        { key: 'limit', title: 'Límite', align: 'right', render: (_, row) => row.limit },
        {
          key: 'status',
          title: 'Estatus',
          render: (_, row) => PURCHASED_PRODUCT_STATUS_LABELS[row.status],
        },
        {
          key: 'order',
          title: 'Orden',
          render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.order.orderNumber}</span>,
        },
      ]}
    />
  );
}

/**
 * The customer's detail modal (spec 002 §2): its six tabs. A tab's table wider than a phone's
 * dialog scrolls inside its own region, never the dialog or the page.
 */
export function CustomerDetail({ customer }: { customer: Customer }) {
  return (
    <Tabs
      items={[
        { key: 'info', label: 'Información', children: <Information customer={customer} /> },
        {
          key: 'notes',
          label: 'Notas',
          children: (
            <ScrollRegion label="Notas del cliente">
              <Notes customer={customer} />
            </ScrollRegion>
          ),
        },
        {
          key: 'appointments',
          label: 'Citas',
          children: (
            <ScrollRegion label="Citas del cliente">
              <Appointments customer={customer} />
            </ScrollRegion>
          ),
        },
        {
          key: 'orders',
          label: 'Órdenes',
          children: (
            <ScrollRegion label="Órdenes del cliente">
              <Orders customer={customer} />
            </ScrollRegion>
          ),
        },
        {
          key: 'cash',
          label: 'Órdenes en efectivo',
          children: (
            <ScrollRegion label="Órdenes en efectivo del cliente">
              <CashOrders customer={customer} />
            </ScrollRegion>
          ),
        },
        {
          key: 'products',
          label: 'Productos adquiridos',
          children: (
            <ScrollRegion label="Productos adquiridos del cliente">
              <PurchasedProducts customer={customer} />
            </ScrollRegion>
          ),
        },
      ]}
    />
  );
}
