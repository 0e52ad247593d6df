import { lazy, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { HourglassOutlined, LockOutlined, TableOutlined, UnlockOutlined } from '@ant-design/icons';
import { usePrivileges } from '../../shared/session/hooks';
import { AfterPaint } from '../../shared/AfterPaint';
import { PageHeader } from '../../shared/PageHeader';
import { AGENDA_DESCRIPTION } from '../../boot/boot';
import { useAgendaCan } from './can';
import './agenda-page.css';

// The day (antd's calendar, date picker and select, the grid) loads after the header has painted.
const AgendaDay = lazy(async () => ({ default: (await import('./AgendaDay')).AgendaDay }));

/**
 * `/dashboard/agenda` (spec 002 §2): the day of a branch by cabin (`AgendaDay`), under a header
 * that paints first, with the buttons to the appointments' table, one's locks and a new lock.
 */
export function AgendaPage() {
  const navigate = useNavigate();
  const can = useAgendaCan();
  const privileges = usePrivileges();
  const [locking, setLocking] = useState(false);
  const [dayShown, setDayShown] = useState(false);
  const onLockClose = useCallback(() => setLocking(false), []);

  return (
    <div className="agenda-page">
      <PageHeader
        title="Agenda"
        description={AGENDA_DESCRIPTION}
        extra={
          <div className="agenda-page__actions">
            <Button icon={<TableOutlined />} onClick={() => navigate('/dashboard/citas')}>
              Citas
            </Button>
            {privileges.can('waitlist', 'view') && (
              <Button
                icon={<HourglassOutlined />}
                onClick={() => navigate('/dashboard/lista-de-espera')}
              >
                Lista de espera
              </Button>
            )}
            <Button
              icon={<UnlockOutlined />}
              onClick={() => navigate('/dashboard/bloqueos?mine=true')}
            >
              Mis bloqueos
            </Button>
            {can('create') && (
              <Button icon={<LockOutlined />} onClick={() => setLocking(true)} disabled={!dayShown}>
                Bloquear
              </Button>
            )}
          </div>
        }
      />
      <AfterPaint fallback={<div className="agenda-page__pending" />}>
        <AgendaDay locking={locking} onLockClose={onLockClose} onDayShown={setDayShown} />
      </AfterPaint>
    </div>
  );
}
