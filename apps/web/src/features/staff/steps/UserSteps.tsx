import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { WORK_SHIFTS, isrRequired, roleKeyByName } from '@clinica/domain';
import { useSession } from '../../../shared/session/hooks';
import { DateInput, LimitedInput, MoneyInput, PhoneInput } from '../../../shared/form/inputs';
import { zodRule } from '../../../shared/form/zodRules';
import { PhotoField } from '../PhotoField';
import { createStaffForm, extraRules, updateStaffForm } from '../staffForm';
import {
  useBranchOptions,
  useBranchScope,
  useRoles,
  useJobPositions,
} from '../../../shared/lookups';

const rule = (...path: (string | number)[]) => [zodRule(createStaffForm, path)];
const k = (...path: (string | number)[]) => ['kardex', ...path];

export const SHIFT_LABELS: Record<(typeof WORK_SHIFTS)[number], string> = {
  matutino: 'Matutino',
  intermedio: 'Intermedio',
  vespertino: 'Vespertino',
};

export function UsuarioStep({ editing }: { editing: boolean }) {
  const form = Form.useFormInstance();
  const photo = Form.useWatch('currentPhoto', { form, preserve: true }) as
    string | null | undefined;
  const roles = useRoles();
  const session = useSession();
  const mine = roleKeyByName(session?.user.role ?? '');
  // Only the super administrator grants roles beyond one branch (the API answers 403 otherwise).
  const grantable = (role: { branchFixed: boolean }) => mine === 'superAdmin' || role.branchFixed;
  // Every role, by name: one this user may not grant shows, disabled, rather than as its id.
  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.id,
    label: grantable(role) ? role.role : `${role.role} (solo la asigna el Super Administrador)`,
    disabled: !grantable(role),
  }));

  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item
          label="Foto"
          name="photo"
          required={!editing}
          rules={[extraRules.photo(!editing)]}
        >
          <PhotoField current={photo ?? null} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Nombre" name="name" required rules={rule('name')}>
          <LimitedInput max={50} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Apellido paterno" name="lastName" required rules={rule('lastName')}>
          <LimitedInput max={50} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Apellido materno"
          name="motherLastName"
          required
          rules={rule('motherLastName')}
        >
          <LimitedInput max={50} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Usuario (correo electrónico)"
          name="username"
          required
          rules={rule('username')}
          extra="Con este correo inicia sesión y restablece su contraseña."
        >
          <LimitedInput type="email" max={100} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Rol" name="roleId" required rules={rule('roleId')}>
          <Select
            placeholder="Selecciona"
            loading={roles.isLoading}
            options={roleOptions}
            // Until the roles arrive, the chosen one reads 'Cargando…', never its id.
            labelRender={(option) => option.label ?? (roles.isLoading ? 'Cargando…' : '—')}
          />
        </Form.Item>
      </Col>
      {editing && (
        <Col xs={24} md={12}>
          <Form.Item
            label="Estatus"
            name="status"
            rules={[zodRule(updateStaffForm, ['status'])]}
            valuePropName="checked"
            getValueProps={(value: unknown) => ({ checked: value === 'activo' })}
            normalize={(checked: boolean) => (checked ? 'activo' : 'inactivo')}
          >
            <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

export function InicialesStep({ editing }: { editing: boolean }) {
  const form = Form.useFormInstance();
  const positions = useJobPositions();
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const positionId = Form.useWatch(k('jobPositionId'), form) as number | undefined;
  const position = positions.data?.find((candidate) => candidate.id === positionId);
  const medic = position ? isrRequired(position.name) : false;

  const branchOptions = scope.fixed
    ? [{ value: scope.branchId ?? 0, label: scope.branchName }]
    : (branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label="Número de empleado"
          name={k('employeeNumber')}
          required
          rules={rule('kardex', 'employeeNumber')}
        >
          <LimitedInput max={6} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Sucursal"
          name={k('branchId')}
          required
          rules={rule('kardex', 'branchId')}
        >
          <Select
            placeholder="Selecciona"
            disabled={scope.fixed}
            loading={branches.isLoading}
            options={branchOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Turno" name={k('workShift')} required rules={rule('kardex', 'workShift')}>
          <Select
            placeholder="Selecciona"
            options={WORK_SHIFTS.map((shift) => ({ value: shift, label: SHIFT_LABELS[shift] }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Puesto"
          name={k('jobPositionId')}
          required
          rules={rule('kardex', 'jobPositionId')}
        >
          <Select
            placeholder="Selecciona"
            loading={positions.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(positions.data ?? []).map((candidate) => ({
              value: candidate.id,
              label: candidate.name,
            }))}
            onChange={(next: number) => {
              const chosen = positions.data?.find((candidate) => candidate.id === next);
              if (chosen && !isrRequired(chosen.name))
                form.setFieldValue(k('bankInformation', 'isr'), null);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Departamento" htmlFor="staff-department" required>
          <Input
            id="staff-department"
            readOnly
            value={position?.department.name ?? ''}
            placeholder="Según el puesto"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Fecha de nacimiento"
          name={k('birthdate')}
          required
          rules={[...rule('kardex', 'birthdate'), extraRules.notFuture('Fecha de nacimiento')]}
        >
          <DateInput noFuture />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Teléfono"
          name={k('phones', 0, 'phone')}
          required
          rules={rule('kardex', 'phones', 0, 'phone')}
        >
          <PhoneInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Sueldo"
          name={k('bankInformation', 'salary')}
          required
          rules={rule('kardex', 'bankInformation', 'salary')}
        >
          <MoneyInput min={1} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Cuenta bancaria"
          name={k('bankInformation', 'bankAccount')}
          required
          rules={rule('kardex', 'bankInformation', 'bankAccount')}
        >
          <LimitedInput max={18} inputMode="numeric" />
        </Form.Item>
      </Col>
      {medic && (
        <Col xs={24} md={8}>
          <Form.Item
            label="ISR"
            name={k('bankInformation', 'isr')}
            required
            rules={[...rule('kardex', 'bankInformation', 'isr'), extraRules.isr(position?.name)]}
          >
            <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={8}>
        <Form.Item
          label="Fecha de ingreso"
          name={k('admissionDate')}
          required
          // Upcoming hires are registered ahead: the admission date may be in the future.
          rules={rule('kardex', 'admissionDate')}
        >
          <DateInput />
        </Form.Item>
      </Col>
      {editing && (
        <>
          <Col xs={24} md={8}>
            <Form.Item
              label="Fecha de baja"
              name={k('departureDate')}
              rules={[zodRule(updateStaffForm, k('departureDate'))]}
            >
              <DateInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Fecha de reingreso"
              name={k('reentryDate')}
              rules={[zodRule(updateStaffForm, k('reentryDate'))]}
            >
              <DateInput />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
