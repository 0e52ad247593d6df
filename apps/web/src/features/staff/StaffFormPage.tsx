import { useRef } from 'react';
import {
  INVITATION_HOURS,
  type CreateStaff,
  type StaffRecord,
  type UpdateStaff,
} from '@clinica/domain';
import { FormPage, type FormStep } from '../../shared/form/FormPage';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import {
  createStaffMember,
  fetchStaffMember,
  staffKeys,
  updateStaffMember,
  uploadStaffPhoto,
} from './api';
import {
  STEP_FIELDS,
  createStaffForm,
  newStaffValues,
  staffValuesFrom,
  updateStaffForm,
} from './staffForm';
import { ContactosStep, ContratosStep, ReferenciasStep } from './steps/ContactSteps';
import { DomicilioStep, PersonalesStep } from './steps/FileSteps';
import { InicialesStep, UsuarioStep } from './steps/UserSteps';
import { useBranchScope } from '../../shared/lookups';

export function staffSteps(editing: boolean): FormStep[] {
  const contents: Record<string, FormStep['content']> = {
    Usuario: <UsuarioStep editing={editing} />,
    Iniciales: <InicialesStep editing={editing} />,
    Personales: <PersonalesStep />,
    Domicilio: <DomicilioStep />,
    Contactos: <ContactosStep />,
    Referencias: <ReferenciasStep />,
    Contratos: <ContratosStep />,
  };
  return Object.entries(STEP_FIELDS).map(([title, fields]) => ({
    title,
    fields,
    content: contents[title],
  }));
}

/**
 * `/dashboard/personal/crear` and `/dashboard/personal/{id}`: the seven steps of the employee file
 * (spec 000 §2, §5). A chosen photo is uploaded after the save, with the id the server answers.
 */
export function StaffFormPage() {
  const { editing } = useRecordId();
  const scope = useBranchScope();
  // A create whose photo upload then failed: saving again updates that record, never a second one.
  const created = useRef<number | null>(null);

  async function submit(body: CreateStaff | UpdateStaff, id: number | null, photo: unknown) {
    const target = id ?? created.current;
    const answer =
      target === null
        ? await createStaffMember(body as CreateStaff)
        : await updateStaffMember(target, body as UpdateStaff);
    if (id === null) created.current = answer.data.id;
    if (photo instanceof File) await uploadStaffPhoto(answer.data.id, photo);
    return answer;
  }

  return (
    <>
      <PageHeader
        title={editing ? 'Editar empleado' : 'Nuevo empleado'}
        description={
          editing
            ? 'Abre cualquiera de los siete pasos desde su encabezado; Guardar revisa el expediente completo.'
            : 'El expediente completo en siete pasos; cada paso se revisa antes de avanzar.'
        }
      />
      <FormPage<typeof createStaffForm | typeof updateStaffForm, StaffRecord>
        title="Empleado"
        resource="users"
        listPath="/dashboard/personal"
        schema={editing ? updateStaffForm : createStaffForm}
        load={{ queryKey: staffKeys.detail, fetch: fetchStaffMember }}
        toValues={staffValuesFrom}
        initialValues={newStaffValues(scope.fixed ? scope.branchId : null)}
        // The body's type follows the route: the create schema on /crear, the update's on /{id}.
        submit={(body, id, values) => submit(body, id, values.photo)}
        invalidates={[staffKeys.all]}
        steps={staffSteps(editing)}
        submitLabel={editing ? 'Guardar cambios' : 'Crear empleado'}
        savedText={(body, isEdit) =>
          isEdit || (body as CreateStaff).password
            ? null
            : `Empleado creado. Enviamos a ${(body as CreateStaff).username} una invitación por correo para crear su contraseña y su PIN; vale ${INVITATION_HOURS} horas y puedes reenviarla desde el menú de su fila.`
        }
      />
    </>
  );
}
