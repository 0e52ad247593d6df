import { lazy } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMatches, useNavigate, useParams } from 'react-router';
import { AfterPaint } from '../../shared/AfterPaint';
import { useRecordCrumbLabel } from '../../shared/recordCrumb';
import { crumbLabel, type CrumbHandle } from '../crumbs';

// antd's Breadcrumb brings its Dropdown and Menu: it arrives after the first paint, beside the
// back button that keeps the row's height.
const Trail = lazy(async () => ({ default: (await import('./BreadcrumbTrail')).BreadcrumbTrail }));

/** Nested routes show a breadcrumb with a back button (spec 000 §2). */
export function Breadcrumbs() {
  const matches = useMatches();
  const params = useParams();
  const navigate = useNavigate();
  // A record's screen that is a review or a receipt says so rather than 'Editar'.
  const recordCrumb = useRecordCrumbLabel();
  const trail = matches
    .filter((match) => (match.handle as CrumbHandle | undefined)?.crumb)
    .map((match) => {
      const crumb = (match.handle as CrumbHandle).crumb ?? '';
      return {
        path: match.pathname,
        label: (crumb === 'record' ? recordCrumb : null) ?? crumbLabel(crumb, params),
      };
    });

  if (trail.length < 2) return null;
  const parent = trail[trail.length - 2];

  return (
    <nav aria-label="Ruta de navegación" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <Button
        icon={<ArrowLeftOutlined />}
        aria-label="Regresar"
        onClick={() => navigate(parent?.path ?? '/dashboard')}
      />
      <AfterPaint>
        <Trail trail={trail} />
      </AfterPaint>
    </nav>
  );
}
