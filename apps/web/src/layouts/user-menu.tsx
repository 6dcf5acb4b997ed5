import { CrownOutlined, DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../components/user-avatar';
import { useLogout } from '../features/auth';
import { useSession } from '../stores/session-store';
import { displayPersonName } from '../lib/person-name';
import './user-menu.css';

const MEMBERSHIP_KEY = 'membership';
const LOGOUT_KEY = 'logout';

type MenuItems = NonNullable<MenuProps['items']>;

interface UserMenuProps {
  /** Pages to go to, keyed by their path; membership and logout follow them. */
  links: MenuItems;
  onMembership: () => void;
  /** Runs once the logout has been answered, either way. */
  afterLogout?: () => void;
  className: string;
  nameClassName: string;
}

/** The signed-in person's avatar and name in a header, opening their menu: pages, membership, logout. */
export function UserMenu({ links, onMembership, afterLogout, className, nameClassName }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = displayPersonName(
    useSession((session) => session.name),
    t,
  );
  const avatar = useSession((session) => session.avatar);
  const logout = useLogout();

  const items: MenuItems = [
    ...links,
    { key: MEMBERSHIP_KEY, icon: <CrownOutlined />, label: t('menu.membershipRegistration') },
    { type: 'divider' as const },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: t('common.actions.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === LOGOUT_KEY) logout.mutate(undefined, { onSettled: afterLogout });
    else if (key === MEMBERSHIP_KEY) onMembership();
    else void navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className={`user-menu ${className}`} aria-label={t('layout.userMenu')} data-testid="user-menu">
        <UserAvatar src={avatar} name={name} size={28} />
        <span className={`user-menu__name ${nameClassName}`}>{name}</span>
        <DownOutlined className="user-menu__caret" aria-hidden />
      </Button>
    </Dropdown>
  );
}
