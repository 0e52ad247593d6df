import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { usePageTitle } from './usePageTitle';

/**
 * A screen's title and one line saying what it is for. The title also names the browser tab, and
 * the heading takes the focus when the screen opens (see `useFocusOnNavigation`).
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
    <Flex justify="space-between" align="flex-end" wrap gap={12}>
      <div>
        <Typography.Title level={1} className="page-title" tabIndex={-1} style={titleStyle}>
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph style={{ margin: '4px 0 0', color: '#51605f' }}>
            {description}
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </Flex>
  );
}

const titleStyle = { margin: 0, fontSize: 24 };
