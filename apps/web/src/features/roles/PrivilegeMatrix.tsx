import { useMemo } from 'react';
import { Checkbox } from 'antd';
import { ACTIONS, actionLabels, type Action } from '@clinica/domain';
import type { z } from 'zod';
import type { moduleEntry } from '@clinica/domain';
import './PrivilegeMatrix.css';

type ModuleEntry = z.infer<typeof moduleEntry>;
export type PrivilegeMap = Record<string, string[]>;

interface PrivilegeMatrixProps {
  modules: ModuleEntry[];
  value?: PrivilegeMap;
  onChange?: (value: PrivilegeMap) => void;
  disabled?: boolean;
  id?: string;
}

/** Keeps each resource's actions in the catalogue's order and drops empty resources. */
function normalise(map: PrivilegeMap, modules: ModuleEntry[]): PrivilegeMap {
  const result: PrivilegeMap = {};
  for (const entry of modules) {
    const granted = map[entry.alias] ?? [];
    const actions = entry.actions.filter((action) => granted.includes(action));
    if (actions.length > 0) result[entry.alias] = actions;
  }
  return result;
}

export function grantedCount(map: PrivilegeMap): number {
  return Object.values(map).reduce((total, actions) => total + actions.length, 0);
}

/** Resources × actions: one checkbox per action a resource has, with row and column toggles. */
export function PrivilegeMatrix({
  modules,
  value = {},
  onChange,
  disabled,
  id,
}: PrivilegeMatrixProps) {
  const columns = useMemo(
    () => ACTIONS.filter((action) => modules.some((entry) => entry.actions.includes(action))),
    [modules],
  );
  const groups = useMemo(() => {
    const byGroup = new Map<string, ModuleEntry[]>();
    for (const entry of modules)
      byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), entry]);
    return [...byGroup.entries()];
  }, [modules]);

  const has = (alias: string, action: Action) => value[alias]?.includes(action) ?? false;
  const emit = (next: PrivilegeMap) => onChange?.(normalise(next, modules));

  const toggle = (alias: string, action: Action, on: boolean) => {
    const current = value[alias] ?? [];
    emit({
      ...value,
      [alias]: on ? [...current, action] : current.filter((candidate) => candidate !== action),
    });
  };

  const toggleRow = (entry: ModuleEntry, on: boolean) =>
    emit({ ...value, [entry.alias]: on ? [...entry.actions] : [] });

  const toggleColumn = (action: Action, on: boolean) => {
    const next = { ...value };
    for (const entry of modules) {
      if (!entry.actions.includes(action)) continue;
      const current = next[entry.alias] ?? [];
      next[entry.alias] = on
        ? [...current, action]
        : current.filter((candidate) => candidate !== action);
    }
    emit(next);
  };

  return (
    <div className="matrix" id={id}>
      <table>
        <caption className="visually-hidden">
          Privilegios por módulo: cada casilla otorga una acción sobre un módulo
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'start' }}>
              Módulo
            </th>
            {columns.map((action) => {
              const applicable = modules.filter((entry) => entry.actions.includes(action));
              const granted = applicable.filter((entry) => has(entry.alias, action)).length;
              return (
                <th scope="col" key={action}>
                  <span className="matrix__action">{actionLabels[action]}</span>
                  <Checkbox
                    aria-label={`${actionLabels[action]} en todos los módulos`}
                    checked={granted > 0 && granted === applicable.length}
                    indeterminate={granted > 0 && granted < applicable.length}
                    disabled={disabled}
                    onChange={(event) => toggleColumn(action, event.target.checked)}
                  />
                </th>
              );
            })}
            <th scope="col" className="matrix__all">
              Todo
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map(([group, entries]) => [
            <tr className="matrix__group" key={`group:${group}`}>
              <th scope="colgroup" colSpan={columns.length + 2}>
                {group}
              </th>
            </tr>,
            ...entries.map((entry) => {
              const count = entry.actions.filter((action) => has(entry.alias, action)).length;
              return (
                <tr key={entry.alias}>
                  <th scope="row">{entry.name}</th>
                  {columns.map((action) =>
                    entry.actions.includes(action) ? (
                      <td key={action}>
                        <Checkbox
                          aria-label={`${actionLabels[action]} en ${entry.name}`}
                          checked={has(entry.alias, action)}
                          disabled={disabled}
                          onChange={(event) => toggle(entry.alias, action, event.target.checked)}
                        />
                      </td>
                    ) : (
                      <td key={action} className="matrix__na">
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">No aplica</span>
                      </td>
                    ),
                  )}
                  <td className="matrix__all">
                    <Checkbox
                      aria-label={`Todas las acciones en ${entry.name}`}
                      checked={count > 0 && count === entry.actions.length}
                      indeterminate={count > 0 && count < entry.actions.length}
                      disabled={disabled}
                      onChange={(event) => toggleRow(entry, event.target.checked)}
                    />
                  </td>
                </tr>
              );
            }),
          ])}
        </tbody>
      </table>
    </div>
  );
}
