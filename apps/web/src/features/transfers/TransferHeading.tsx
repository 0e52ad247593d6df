import { Descriptions, Flex, Typography } from 'antd';
import { folioOf, type Transfer } from './api';
import { TransferStatusTag } from './TransferStatusTag';

/** The transfer's folio, status and branches above its form. */
export function TransferHeading({ transfer }: { transfer: Transfer }) {
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20, fontFamily: 'monospace' }}>
          {folioOf(transfer)}
        </Typography.Title>
        <TransferStatusTag transfer={transfer} />
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'origin', label: 'Sucursal de origen', children: transfer.originBranch.name },
          { key: 'destiny', label: 'Sucursal de destino', children: transfer.destinyBranch.name },
          ...(transfer.comments
            ? [
                {
                  key: 'comments',
                  label: 'Comentarios',
                  children: transfer.comments,
                  span: 'filled' as const,
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}
