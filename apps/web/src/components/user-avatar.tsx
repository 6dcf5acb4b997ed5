import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';

interface UserAvatarProps {
  src: string;
  name: string;
  size?: number;
}

export function UserAvatar({ src, name, size = 32 }: UserAvatarProps) {
  if (src) return <Avatar src={src} alt={name} size={size} />;
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <Avatar size={size} style={{ background: 'linear-gradient(135deg, #4f7cff, #14b8a6)' }} icon={initial ? undefined : <UserOutlined />}>
      {initial || null}
    </Avatar>
  );
}
