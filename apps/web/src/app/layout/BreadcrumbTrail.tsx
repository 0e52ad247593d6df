import { Breadcrumb } from 'antd';
import { Link } from 'react-router';

/** The breadcrumb's links; the last one is the current screen. */
export function BreadcrumbTrail({ trail }: { trail: { path: string; label: string }[] }) {
  return (
    <Breadcrumb
      items={trail.map((item, index) =>
        index === trail.length - 1
          ? { title: <span aria-current="page">{item.label}</span> }
          : { title: <Link to={item.path}>{item.label}</Link> },
      )}
    />
  );
}
