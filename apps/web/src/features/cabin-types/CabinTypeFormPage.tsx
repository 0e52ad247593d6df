import { Alert, Col, InputNumber, Radio, Row, Select, Skeleton } from 'antd';
import { cabinTypeBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { cabinTypeKeys, fetchCabinType, saveCabinType } from './api';
import { ColorSwatch } from '../../shared/ColorSwatch';
import './colors.css';
import { useAvailableColors, useTreatmentTypes } from '../../shared/lookups';

interface ColorPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  cabinTypeId: number | null;
  disabled?: boolean;
}

/** The colour collection as swatches; colours other cabin types use are not offered. */
function ColorPicker({ id, value, onChange, cabinTypeId, disabled }: ColorPickerProps) {
  const colors = useAvailableColors(cabinTypeId);
  if (colors.isPending) return <Skeleton.Input active block />;
  if (colors.isError)
    return <Alert type="error" showIcon title="No se pudieron cargar los colores" />;
  if (colors.data.length === 0)
    return (
      <Alert
        type="warning"
        showIcon
        title="Todos los colores están en uso"
        description="Libera un color editando o eliminando otro tipo de cabina."
      />
    );
  return (
    <Radio.Group
      id={id}
      className="color-picker"
      disabled={disabled}
      value={value}
      onChange={(event) => onChange?.(String(event.target.value))}
      aria-label="Color"
    >
      {colors.data.map((color) => (
        <Radio.Button key={color.id} value={color.hex} className="color-picker__option">
          <ColorSwatch hex={color.hex} size={22} />
          <span className="color-picker__name">{color.name}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

/** `/dashboard/tipos-cabina/crear` and `/{id}` (spec 000 §3, §5). */
export function CabinTypeFormPage() {
  const { id: ownId } = useRecordId();
  const treatmentTypes = useTreatmentTypes();

  return (
    <>
      <PageHeader
        title={ownId === null ? 'Nuevo tipo de cabina' : 'Editar tipo de cabina'}
        description="El color identifica a las cabinas de este tipo en la agenda."
      />
      <FormPage
        title="Tipo de cabina"
        resource="cabain_types"
        listPath="/dashboard/tipos-cabina"
        schema={cabinTypeBody}
        load={{ queryKey: cabinTypeKeys.detail, fetch: fetchCabinType }}
        toValues={(type) => ({
          treatmentTypeId: type.treatmentType.id,
          name: type.name,
          order: type.order,
          color: type.color,
        })}
        initialValues={{ order: 1 }}
        submit={saveCabinType}
        invalidates={[cabinTypeKeys.all, ['cabain']]}
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <SchemaField schema={cabinTypeBody} name="treatmentTypeId">
              <Select
                loading={treatmentTypes.isLoading}
                placeholder="Selecciona"
                options={(treatmentTypes.data ?? []).map((type) => ({
                  value: type.id,
                  label: `${type.name} · ${type.appointmentName}`,
                }))}
              />
            </SchemaField>
          </Col>
          <Col xs={24} md={10}>
            <SchemaField schema={cabinTypeBody} name="name" />
          </Col>
          <Col xs={24} md={4}>
            <SchemaField schema={cabinTypeBody} name="order" label="Orden">
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </SchemaField>
          </Col>
        </Row>
        <SchemaField schema={cabinTypeBody} name="color">
          <ColorPicker cabinTypeId={ownId} />
        </SchemaField>
      </FormPage>
    </>
  );
}
