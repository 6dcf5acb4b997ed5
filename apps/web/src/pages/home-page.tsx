import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import CloudUploadOutlined from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import CodeSandboxOutlined from '@ant-design/icons-svg/es/asn/CodeSandboxOutlined';
import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import DeploymentUnitOutlined from '@ant-design/icons-svg/es/asn/DeploymentUnitOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import GatewayOutlined from '@ant-design/icons-svg/es/asn/GatewayOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import ShareAltOutlined from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_AFTER_LOGIN } from '../app/home-path';
import { lazyComponent } from '../components/lazy-component';
import { PlainButton } from '../components/plain-button';
import { SvgIcon } from '../components/svg-icon';
import { ShowcaseStrip } from '../features/showcase';
import { useSession } from '../stores/session-store';
import { PanoramaIllustration } from './home/panorama-illustration';
import './home/home-page.css';

// The download dialog (QR codes) loads when asked for, not with the home page.
const AppDownloadDialog = lazyComponent(() => import('../features/app-download').then((module) => module.AppDownloadDialog));

const PILLARS = [
  { key: 'panorama', icon: <SvgIcon icon={CompassOutlined} /> },
  { key: 'model', icon: <SvgIcon icon={CodeSandboxOutlined} /> },
  { key: 'pointCloud', icon: <SvgIcon icon={DeploymentUnitOutlined} /> },
] as const;

const STEPS = [
  { key: 'capture', icon: <SvgIcon icon={CameraOutlined} /> },
  { key: 'upload', icon: <SvgIcon icon={CloudUploadOutlined} /> },
  { key: 'process', icon: <SvgIcon icon={GatewayOutlined} /> },
  { key: 'publish', icon: <SvgIcon icon={GlobalOutlined} /> },
  { key: 'share', icon: <SvgIcon icon={ShareAltOutlined} /> },
] as const;

const COMMERCE = [
  { key: 'share', icon: <SvgIcon icon={ShareAltOutlined} /> },
  { key: 'market', icon: <SvgIcon icon={ShopOutlined} /> },
  { key: 'offline', icon: <SvgIcon icon={ApartmentOutlined} /> },
  { key: 'team', icon: <SvgIcon icon={TeamOutlined} /> },
] as const;

interface HomeSectionProps {
  /** Names the texts (`home.{name}.title`, `.subtitle`) and the heading's id (`home-{name}-title`). */
  name: 'pillars' | 'pipeline' | 'commerce';
  tinted?: boolean;
  withSubtitle?: boolean;
  children: ReactNode;
}

/** A band of the home page under its heading. */
function HomeSection({ name, tinted = false, withSubtitle = false, children }: HomeSectionProps) {
  const { t } = useTranslation();
  const titleId = `home-${name}-title`;
  return (
    <section className={tinted ? 'home-section home-section--tinted' : 'home-section'} aria-labelledby={titleId}>
      <h2 id={titleId} className="home-section__title">
        {t(`home.${name}.title`)}
      </h2>
      {withSubtitle && <p className="home-section__subtitle">{t(`home.${name}.subtitle`)}</p>}
      {children}
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [downloadShown, setDownloadShown] = useState(false);
  const start = () => void navigate(signedIn ? HOME_AFTER_LOGIN : '/login');

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
            <h1 id="home-hero-title" className="home-hero__title">
              {t('home.hero.title')}
            </h1>
            <p className="home-hero__subtitle">{t('home.hero.subtitle')}</p>
            <div className="home-hero__actions">
              <PlainButton variant="primary" size="large" onClick={start} icon={<SvgIcon icon={ArrowRightOutlined} />} iconPlacement="end">
                {signedIn ? t('home.hero.primarySignedIn') : t('home.hero.primary')}
              </PlainButton>
              <PlainButton
                size="large"
                icon={<SvgIcon icon={DownloadOutlined} />}
                onClick={() => {
                  setDownloadOpen(true);
                  setDownloadShown(true);
                }}
                ghost
                className="home-hero__ghost"
              >
                {t('home.hero.secondary')}
              </PlainButton>
            </div>
          </div>
          <div className="home-hero__visual">
            <PanoramaIllustration label={t('home.hero.viewerLabel')} />
          </div>
        </div>
      </section>

      <ShowcaseStrip />

      <HomeSection name="pillars">
        <div className="home-pillars">
          {PILLARS.map(({ key, icon }) => (
            <article key={key} className={`home-card home-card--${key}`}>
              <span className="home-card__icon" aria-hidden>
                {icon}
              </span>
              <h3>{t(`home.pillars.${key}.title`)}</h3>
              <p>{t(`home.pillars.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </HomeSection>

      <HomeSection name="pipeline" tinted withSubtitle>
        <ol className="home-pipeline">
          {STEPS.map(({ key, icon }, index) => (
            <li key={key} className="home-pipeline__step">
              <span className="home-pipeline__icon" aria-hidden>
                {icon}
              </span>
              <span className="home-pipeline__index" aria-hidden>
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{t(`home.pipeline.steps.${key}.title`)}</h3>
              <p>{t(`home.pipeline.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      <HomeSection name="commerce">
        <div className="home-commerce">
          {COMMERCE.map(({ key, icon }) => (
            <article key={key} className="home-commerce__item">
              <span className="home-commerce__icon" aria-hidden>
                {icon}
              </span>
              <div>
                <h3>{t(`home.commerce.items.${key}.title`)}</h3>
                <p>{t(`home.commerce.items.${key}.text`)}</p>
              </div>
            </article>
          ))}
        </div>
      </HomeSection>

      <section className="home-closing" aria-labelledby="home-closing-title">
        <h2 id="home-closing-title">{t('home.closing.title')}</h2>
        <p>{t('home.closing.text')}</p>
        <PlainButton variant="primary" size="large" onClick={start}>
          {signedIn ? t('home.hero.primarySignedIn') : t('home.hero.primary')}
        </PlainButton>
      </section>

      <Suspense fallback={null}>
        {downloadShown && <AppDownloadDialog open={downloadOpen} onClose={() => setDownloadOpen(false)} />}
      </Suspense>
    </div>
  );
}
