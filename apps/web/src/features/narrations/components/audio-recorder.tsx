import { AudioOutlined, CheckOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space } from 'antd';
import { NARRATION_LIMITS } from '@spatia/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type RecorderState =
  | { kind: 'idle' }
  | { kind: 'recording' }
  | { kind: 'recorded'; blob: Blob; url: string; seconds: number }
  | { kind: 'failed'; reason: 'unsupported' | 'denied' };

/** m:ss */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The first type this browser records: WebM/Opus in Chromium and Firefox, MP4/AAC in Safari; the server takes both. */
function recordingType(): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records a scene's clip in the browser: a level meter and a timer while recording (it stops by itself at
 * the length limit), then a player to listen back, "use" (hands the clip over) or record again.
 */
export function AudioRecorder({ onUse, busy, compact }: { onUse: (clip: Blob) => void; busy: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => () => stopRef.current(), []);
  useEffect(() => () => (state.kind === 'recorded' ? URL.revokeObjectURL(state.url) : undefined), [state]);

  const start = async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'failed', reason: 'unsupported' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      setState({ kind: 'failed', reason: 'denied' });
      return;
    }
    const mimeType = recordingType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : undefined);
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const chunks: Blob[] = [];
    const began = performance.now();
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 140)));
      const seconds = (performance.now() - began) / 1000;
      setElapsed(seconds);
      if (seconds >= NARRATION_LIMITS.audioSeconds) stop();
      else frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      if (recorder.state !== 'inactive') recorder.stop();
      stream.getTracks().forEach((track) => track.stop());
      void context.close();
      stopRef.current = () => undefined;
    };
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      setLevel(0);
      setState({ kind: 'recorded', blob, url: URL.createObjectURL(blob), seconds: (performance.now() - began) / 1000 });
    };
    stopRef.current = stop;
    recorder.start(250);
    setElapsed(0);
    setState({ kind: 'recording' });
    frame = requestAnimationFrame(tick);
  };

  if (state.kind === 'recording') {
    return (
      <div className="narration-recorder narration-recorder--live" data-testid="narration-recorder">
        <span className="narration-recorder__dot" aria-hidden />
        <span className="narration-recorder__time" aria-live="polite">
          {t('narrations.recorder.recording', { time: clock(elapsed), max: clock(NARRATION_LIMITS.audioSeconds) })}
        </span>
        <Progress
          className="narration-recorder__level"
          percent={level}
          showInfo={false}
          size="small"
          aria-label={t('narrations.recorder.level')}
          strokeColor={level > 90 ? '#d4380d' : '#2f6bff'}
        />
        <Button danger icon={<StopOutlined />} onClick={() => stopRef.current()}>
          {t('narrations.recorder.stop')}
        </Button>
      </div>
    );
  }

  if (state.kind === 'recorded') {
    return (
      <div className="narration-recorder" data-testid="narration-recorder">
        <p className="narration-recorder__note">{t('narrations.recorder.recorded', { time: clock(state.seconds) })}</p>
        <audio src={state.url} controls preload="metadata" className="narration-audio" />
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => onUse(state.blob)}>
            {t('narrations.recorder.use')}
          </Button>
          <Button icon={<AudioOutlined />} disabled={busy} onClick={() => void start()}>
            {t('narrations.recorder.rerecord')}
          </Button>
          <Button type="text" disabled={busy} onClick={() => setState({ kind: 'idle' })}>
            {t('narrations.recorder.discard')}
          </Button>
        </Space>
      </div>
    );
  }

  return (
    <>
      {state.kind === 'failed' && (
        <Alert type="warning" showIcon title={t(`narrations.recorder.${state.reason}`)} className="narration-recorder__alert" />
      )}
      <Button icon={<AudioOutlined />} onClick={() => void start()} disabled={busy} data-testid="narration-record">
        {compact ? t('narrations.recorder.rerecord') : t('narrations.recorder.record')}
      </Button>
    </>
  );
}
