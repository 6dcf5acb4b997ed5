import { Button, Dialog } from 'antd-mobile';
import { CameraOutline, PictureOutline } from 'antd-mobile-icons';
import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PANORAMA_MAX_HEIGHT, PANORAMA_MAX_WIDTH } from '@spatia/contract';
import { formatBytes } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useSpaceName } from '../api/space-works';
import { useMobileLeaveGuard } from '../lib/use-leave-guard';
import { PictureCard, type PanoramaUploadTools } from './picture-card';
import './space-upload.css';

interface Picture {
  key: string;
  file: File;
}

interface SpaceUploadPanelProps {
  /** The space the finished works go into (`?space=`), or null. */
  spaceUid: string | null;
  /** Signed out: to the sign-in page and back here (the shell's useSignInFirst, handed over by the page). */
  onSignIn: () => void;
  /** The console's upload queue and processing poll, handed over by the page (a feature does not import another). */
  tools: PanoramaUploadTools;
}

let pictureCounter = 0;

/**
 * /space/upload's body (docs/space-upload.md): panoramas from the phone's gallery or camera, each its own panorama
 * work, sent by resumable upload, then processed; with `?space=` each goes into that space. The page puts it in the
 * phone shell's screen.
 */
export function SpaceUploadPanel({ spaceUid, onSignIn, tools }: SpaceUploadPanelProps) {
  const { t } = useTranslation();
  const signedIn = useSession((session) => Boolean(session.token));
  const spaceName = useSpaceName(signedIn ? spaceUid : null);
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const gallery = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);

  useMobileLeaveGuard(busy.size > 0, {
    title: t('spaceUpload.leave.title'),
    text: t('spaceUpload.leave.text'),
    leave: t('spaceUpload.leave.leave'),
    stay: t('spaceUpload.leave.stay'),
  });

  const onBusy = useCallback((key: string, isBusy: boolean) => {
    setBusy((current) => {
      if (current.has(key) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const pick = (input: HTMLInputElement | null) => {
    if (!signedIn) {
      void Dialog.confirm({
        content: t('spaceUpload.signInFirst'),
        confirmText: t('spaceUpload.signIn'),
        cancelText: t('spaceUpload.cancel'),
      }).then((go) => go && onSignIn());
      return;
    }
    input?.click();
  };

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same picture may be chosen again later.
    event.target.value = '';
    if (files.length === 0) return;
    setPictures((current) => [...files.map((file) => ({ key: `p${(pictureCounter += 1)}`, file })), ...current]);
  };

  const rule = useMemo(
    () =>
      t('spaceUpload.rule', {
        width: PANORAMA_MAX_WIDTH,
        height: PANORAMA_MAX_HEIGHT,
        max: formatBytes(tools.originMaxBytes),
      }),
    [t, tools.originMaxBytes],
  );

  return (
    <div className="su-page" data-testid="space-upload">
      {spaceUid && (
        <p className="su-into" data-testid="space-upload-into">
          {spaceName.data ? t('spaceUpload.intoNamed', { name: spaceName.data }) : t('spaceUpload.into')}
        </p>
      )}
      <section className="su-pick">
        <Button
          block
          color="primary"
          size="large"
          className="su-pick__button"
          onClick={() => pick(gallery.current)}
          data-testid="space-upload-gallery"
        >
          <PictureOutline aria-hidden /> {t('spaceUpload.fromGallery')}
        </Button>
        <Button block size="large" className="su-pick__button" onClick={() => pick(camera.current)} data-testid="space-upload-camera">
          <CameraOutline aria-hidden /> {t('spaceUpload.takePhoto')}
        </Button>
        <input ref={gallery} type="file" accept="image/*" multiple hidden onChange={add} data-testid="space-upload-gallery-input" />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={add}
          data-testid="space-upload-camera-input"
        />
        <p className="su-pick__rule">{rule}</p>
        {!signedIn && <p className="su-pick__rule">{t('spaceUpload.signInFirst')}</p>}
      </section>
      {pictures.length > 0 && (
        <ul className="su-list" aria-live="polite">
          {pictures.map((picture) => (
            <PictureCard key={picture.key} pictureKey={picture.key} file={picture.file} spaceUid={spaceUid} tools={tools} onBusy={onBusy} />
          ))}
        </ul>
      )}
    </div>
  );
}
