import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  FieldTimeOutlined,
  AppstoreOutlined,
  BgColorsOutlined,
  ContainerOutlined,
  GoldOutlined,
  MedicineBoxOutlined,
  NodeIndexOutlined,
  ShoppingOutlined,
  HistoryOutlined,
  HomeOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { NavItem } from '../navigation';

export const NAV_ICONS: Record<NavItem['icon'], ReactNode> = {
  home: <HomeOutlined />,
  history: <HistoryOutlined />,
  roles: <ApartmentOutlined />,
  staff: <TeamOutlined />,
  attendance: <FieldTimeOutlined />,
  branches: <ShopOutlined />,
  cabins: <AppstoreOutlined />,
  cabinTypes: <BgColorsOutlined />,
  categories: <TagsOutlined />,
  products: <ShoppingOutlined />,
  productTypes: <GoldOutlined />,
  treatments: <MedicineBoxOutlined />,
  providers: <ContainerOutlined />,
  appliances: <ToolOutlined />,
  branchAppliances: <NodeIndexOutlined />,
};
