import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';
import './page-header.css';

/**
 * A screen's title and one line saying what it is for. The title also names the browser tab, and
 * the heading takes the focus when the screen opens (see `useFocusOnNavigation`). Plain elements
 * styled as antd's title and paragraph: a screen's heading paints before antd's code arrives.
 */
export function PageHeader({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  usePageTitle(typeof title === 'string' ? title : undefined);
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {description && <div className="page-header__description">{description}</div>}
      </div>
      {extra}
    </div>
  );
}
