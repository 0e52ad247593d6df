import { Col, Radio, Row } from 'antd';
import { CATEGORY_TYPES, categoryBody, categoryTypeLabels } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { categoryKeys, fetchCategory, saveCategory } from './api';

/** `/dashboard/categorias/crear` and `/dashboard/categorias/{id}`: name and type (spec 000 §5). */
export function CategoryFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar categoría' : 'Nueva categoría'}
        description="Una categoría de tratamientos o de productos."
      />
      <FormPage
        title="Categoría"
        resource="category"
        listPath="/dashboard/categorias"
        schema={categoryBody}
        load={{ queryKey: categoryKeys.detail, fetch: fetchCategory }}
        toValues={(category) => ({ name: category.name, type: category.type })}
        submit={saveCategory}
        invalidates={[categoryKeys.all]}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <SchemaField schema={categoryBody} name="name" />
          </Col>
          <Col xs={24} md={10}>
            <SchemaField schema={categoryBody} name="type" label="Tipo">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={CATEGORY_TYPES.map((type) => ({
                  value: type,
                  label: categoryTypeLabels[type],
                }))}
              />
            </SchemaField>
          </Col>
        </Row>
      </FormPage>
    </>
  );
}
