import { Form, Input } from 'antd';
import {
  NotFound,
  PIN_LENGTH,
  changePasswordBody,
  checkInBody,
  msg,
  resetPinBody,
  attendanceRoutes,
  authRoutes,
  type attendanceEntry,
} from '@clinica/domain';
import type { z } from 'zod';
import { callApi, type ApiError } from '../../shared/api/client';
import { formatDateTime } from '../../shared/format';
import { FormModal } from '../../shared/form/FormModal';
import { zodRule } from '../../shared/form/zodRules';

/** A wrong current password (404 code 3) is said on its field, not in a notice. */
const wrongCurrentPassword = (error: ApiError) =>
  error.status === 404 && error.code === NotFound.passwordMismatch
    ? { field: 'currentPassword', message: msg.currentPasswordWrong }
    : undefined;

/** A PIN as typed: digits only, whatever else the keyboard sends is dropped. */
const digitsOnly = (value: unknown) => String(value ?? '').replace(/\D/g, '');

interface ModalProps {
  open: boolean;
  onClose: () => void;
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

export function ChangePasswordModal({ open, onClose }: ModalProps) {
  return (
    <FormModal<PasswordValues>
      name="cambiar-contrasena"
      title="Cambiar Contraseña"
      okText="Guardar"
      open={open}
      onClose={onClose}
      submit={(values) => callApi(authRoutes.changePassword, { body: values })}
      fieldOf={wrongCurrentPassword}
    >
      {() => (
        <>
          <Form.Item
            label="Contraseña actual"
            name="currentPassword"
            rules={[zodRule(changePasswordBody, 'currentPassword')]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="Nueva contraseña"
            name="password"
            rules={[zodRule(changePasswordBody, 'password')]}
            extra="Mínimo 8 caracteres, con una mayúscula, una minúscula y un número."
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirmar contraseña"
            name="passwordConfirm"
            dependencies={['password']}
            rules={[zodRule(changePasswordBody, 'passwordConfirm')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

interface PinValues {
  currentPassword: string;
  newPin: string;
  pin: string;
}

export function ChangePinModal({ open, onClose }: ModalProps) {
  return (
    <FormModal<PinValues>
      name="cambiar-pin"
      title="Cambiar Pin"
      okText="Guardar"
      open={open}
      onClose={onClose}
      submit={(values) => callApi(authRoutes.resetPin, { body: values })}
      fieldOf={wrongCurrentPassword}
    >
      {() => (
        <>
          <Form.Item
            label="Contraseña actual"
            name="currentPassword"
            rules={[zodRule(resetPinBody, 'currentPassword')]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="Nuevo PIN"
            name="newPin"
            rules={[zodRule(resetPinBody, 'newPin')]}
            normalize={digitsOnly}
            extra="4 dígitos; lo usarás para volver después de un periodo de inactividad."
          >
            <Input.Password
              count={{ show: true, max: PIN_LENGTH }}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item
            label="Confirmar PIN"
            name="pin"
            dependencies={['newPin']}
            rules={[zodRule(resetPinBody, 'pin')]}
            normalize={digitsOnly}
            extra="4 dígitos"
          >
            <Input.Password
              count={{ show: true, max: PIN_LENGTH }}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
            />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

type AttendanceEntry = z.infer<typeof attendanceEntry>;

interface CheckInValues {
  username: string;
  password: string;
}

/** Who checked in and when, so the front desk sees it was the right person: the notice. */
export function checkInText(entry: AttendanceEntry): string {
  const name = `${entry.user.name} ${entry.user.lastName}`.trim() || entry.user.username;
  return `Entrada de ${name} registrada a las ${formatDateTime(entry.checkedInAt, 'HH:mm')} del ${formatDateTime(entry.checkedInAt, 'DD-MM-YYYY')} en ${entry.branch.name}.`;
}

/** 'Registrar Entrada': staff record their arrival with their own credentials. */
export function CheckInModal({ open, onClose }: ModalProps) {
  return (
    <FormModal<CheckInValues, AttendanceEntry>
      name="registrar-entrada"
      title="Registrar Entrada"
      okText="Registrar"
      open={open}
      onClose={onClose}
      submit={(values) => callApi(attendanceRoutes.checkIn, { body: values })}
      successText={checkInText}
    >
      {() => (
        <>
          <p style={{ marginTop: 0, color: '#51605f' }}>
            Cada integrante del equipo registra su llegada con su propio usuario y contraseña.
          </p>
          <Form.Item
            label="Usuario (correo electrónico)"
            name="username"
            rules={[zodRule(checkInBody, 'username')]}
          >
            <Input type="email" autoComplete="off" inputMode="email" />
          </Form.Item>
          <Form.Item label="Contraseña" name="password" rules={[zodRule(checkInBody, 'password')]}>
            <Input.Password autoComplete="off" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
