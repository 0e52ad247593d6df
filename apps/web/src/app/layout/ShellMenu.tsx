import { Link } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { LoginOutlined, ShopOutlined } from '@ant-design/icons';
import type { NavGroup } from '../navigation';
import { CHECK_IN_KEY, posLink } from './shellLinks';

/**
 * The sidebar's menu (in the rail, or in the drawer below 992 px; its <nav> is the layout's): the screens this user can open
 * by group, then checking in and the point of sale. Its code loads when it first shows.
 */
export function ShellMenu({
  groups,
  selected,
  posUrl,
  token,
  onPick,
}: {
  groups: NavGroup[];
  selected: string[];
  posUrl: string | null;
  token: string;
  onPick: (key: string) => void;
}) {
  const items: NonNullable<MenuProps['items']> = [
    ...groups.flatMap((group): NonNullable<MenuProps['items']> => {
      const entries = group.items.map((item) => ({
        key: item.path,
        icon: item.icon,
        label: <Link to={item.path}>{item.label}</Link>,
      }));
      return group.label
        ? [{ type: 'group', key: `group:${group.label}`, label: group.label, children: entries }]
        : entries;
    }),
    { type: 'divider' as const },
    { key: CHECK_IN_KEY, icon: <LoginOutlined />, label: 'Registrar Entrada' },
    ...(posUrl
      ? [
          {
            key: 'action:pos',
            icon: <ShopOutlined />,
            label: (
              <a href={posLink(posUrl, token)} target="_blank" rel="noopener noreferrer">
                Punto de venta
                <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            ),
          },
        ]
      : []),
  ];
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={selected}
      items={items}
      onClick={({ key }) => onPick(key)}
    />
  );
}
