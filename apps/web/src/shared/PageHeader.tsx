import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A screen's title and one line saying what it is for. */
export function PageHeader({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-end" wrap gap={12}>
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
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
