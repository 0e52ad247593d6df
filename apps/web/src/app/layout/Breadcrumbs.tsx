import { Breadcrumb, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useMatches, useNavigate, useParams } from 'react-router';
import { crumbLabel, type CrumbHandle } from '../crumbs';

/** Nested routes show a breadcrumb with a back button (spec 000 §2). */
export function Breadcrumbs() {
  const matches = useMatches();
  const params = useParams();
  const navigate = useNavigate();
  const trail = matches
    .filter((match) => (match.handle as CrumbHandle | undefined)?.crumb)
    .map((match) => ({
      path: match.pathname,
      label: crumbLabel((match.handle as CrumbHandle).crumb ?? '', params),
    }));

  if (trail.length < 2) return null;
  const parent = trail[trail.length - 2];

  return (
    <nav aria-label="Ruta de navegación" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <Button
        icon={<ArrowLeftOutlined />}
        aria-label="Regresar"
        onClick={() => navigate(parent?.path ?? '/dashboard')}
      />
      <Breadcrumb
        items={trail.map((item, index) =>
          index === trail.length - 1
            ? { title: <span aria-current="page">{item.label}</span> }
            : { title: <Link to={item.path}>{item.label}</Link> },
        )}
      />
    </nav>
  );
}
