import { WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { wechatAuthorizeUrl } from '../api/wechat-login';

/** Sends the whole page to the provider (through the server); it comes back with `?wechatHandoff=`. */
export function WechatLoginButton({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="large"
      block
      icon={<WechatOutlined aria-hidden style={{ color: '#07c160' }} />}
      onClick={() => window.location.assign(wechatAuthorizeUrl(redirect))}
      data-testid="wechat-login"
    >
      {t('auth.wechat.button')}
    </Button>
  );
}
