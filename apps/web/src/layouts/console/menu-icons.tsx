import {
  ControlOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CloudServerOutlined,
  DeploymentUnitOutlined,
  FileTextOutlined,
  InboxOutlined,
  LayoutOutlined,
  PictureOutlined,
  ProfileOutlined,
  SendOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { RouteIcon } from '../../app/route-types';

const icons: Record<RouteIcon, ReactNode> = {
  dashboard: <AppstoreOutlined />,
  receipt: <InboxOutlined />,
  send: <SendOutlined />,
  bought: <ShoppingOutlined />,
  recharge: <ThunderboltOutlined />,
  signed: <AuditOutlined />,
  pointCloud: <DeploymentUnitOutlined />,
  user: <UserOutlined />,
  income: <TransactionOutlined />,
  wallet: <WalletOutlined />,
  order: <ProfileOutlined />,
  team: <TeamOutlined />,
  tujingxiu: <PictureOutlined />,
  landingPage: <LayoutOutlined />,
  explain: <FileTextOutlined />,
  admin: <ControlOutlined />,
};

export function menuIcon(icon: RouteIcon | undefined): ReactNode {
  return icon ? icons[icon] : <CloudServerOutlined />;
}
