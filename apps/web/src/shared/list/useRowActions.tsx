import { Link, useNavigate } from 'react-router';
import { Button, Dropdown, Modal, type TableColumnType } from 'antd';
import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { usePrivileges } from '../session/hooks';
import { notifyError, notifySuccess } from '../notify';
import { focusMenuOf, preventKeyThrough } from '../focusMenu';
import type { ResourceListProps, RowAction } from './types';

export const DELETE_PROMPT = '¿Deseas eliminar este elemento?';

/**
 * The 'Opciones' column: the row actions the user's privileges allow and 'Eliminar' behind its
 * confirmation; no column when none is allowed. `holder` renders the confirmation.
 */
export function useRowActions<T>(list: ResourceListProps<T>, onOpen: (row: T) => void) {
  const { resource, rowActions = [], remove, listKey } = list;
  const { can } = usePrivileges();
  const [modal, holder] = Modal.useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = rowActions.filter((action) => can(resource, action.action));
  const canDelete = Boolean(remove) && can(resource, 'delete');

  function confirmDelete(row: T) {
    if (!remove) return;
    modal.confirm({
      title: DELETE_PROMPT,
      content: 'Esta acción no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await remove(row);
          notifySuccess(answer.status, answer.code);
          await queryClient.invalidateQueries({ queryKey: [listKey] });
        } catch (error) {
          notifyError(error);
        }
      },
    });
  }

  function run(action: RowAction<T>, row: T) {
    if (action.to) navigate(action.to(row));
    else if (action.opensDetail) onOpen(row);
    else action.onSelect?.(row);
  }

  const column: TableColumnType<T> | null =
    allowed.length > 0 || canDelete
      ? {
          key: 'actions',
          title: <span>Opciones</span>,
          width: 96,
          align: 'center',
          render: (_: unknown, row: T) => {
            const items = allowed
              .filter((action) => action.visible?.(row) ?? true)
              .map((action) => ({
                key: action.key,
                icon: action.icon,
                label: action.to ? <Link to={action.to(row)}>{action.label}</Link> : action.label,
                danger: false,
              }));
            if (canDelete && (list.canRemove?.(row) ?? true)) {
              items.push({
                key: 'delete',
                icon: <DeleteOutlined />,
                label: 'Eliminar',
                danger: true,
              });
            }
            // A row that offers nothing (a distribution-centre stock row) shows no empty menu.
            if (items.length === 0) {
              return (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">Sin opciones</span>
                </>
              );
            }
            return (
              <Dropdown
                trigger={['click']}
                rootClassName="row-actions"
                onOpenChange={(open) => open && focusMenuOf('row-actions')}
                menu={{
                  items: items.map(({ danger, ...item }) => (danger ? { ...item, danger } : item)),
                  onClick: ({ key, domEvent }) => {
                    // Keyboard-proof (see focusMenu.ts), and a link item navigates through run.
                    preventKeyThrough(domEvent);
                    if (key === 'delete') return confirmDelete(row);
                    const action = allowed.find((candidate) => candidate.key === key);
                    if (action) run(action, row);
                  },
                }}
              >
                <Button icon={<MoreOutlined />} aria-label={`Acciones de ${list.rowLabel(row)}`} />
              </Dropdown>
            );
          },
        }
      : null;

  return { column, holder };
}
