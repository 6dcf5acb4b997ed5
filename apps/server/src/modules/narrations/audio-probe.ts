import { parseBuffer } from 'music-metadata';
import { NARRATION_LIMITS, type NarrationAudioType } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { detectContentType } from '../../lib/file-signature.js';

export interface ProbedAudio {
  contentType: NarrationAudioType;
  extension: string;
  durationMs: number | null;
}

/**
 * The audio type of a file by its first bytes (never its name or declared type), MP4 and WebM whatever
 * their brand says: Safari records into an MP4 and Chromium into a WebM that may call itself video.
 */
const AUDIO_OF_SIGNATURE: Partial<Record<string, { contentType: NarrationAudioType; extension: string }>> = {
  'audio/mpeg': { contentType: 'audio/mpeg', extension: '.mp3' },
  'audio/mp4': { contentType: 'audio/mp4', extension: '.m4a' },
  'video/mp4': { contentType: 'audio/mp4', extension: '.m4a' },
  'audio/ogg': { contentType: 'audio/ogg', extension: '.ogg' },
  'video/webm': { contentType: 'audio/webm', extension: '.webm' },
};

/**
 * Accepts a scene's clip only when its bytes are one of the four containers and a parse of the whole
 * file finds sound in it (a codec and a duration, no picture track) within the length limit.
 */
export async function probeAudio(bytes: Buffer): Promise<ProbedAudio> {
  const signature = detectContentType(bytes);
  const audio = signature ? AUDIO_OF_SIGNATURE[signature] : undefined;
  if (!audio) throw fail('narrationAudioUnsupported');
  let format;
  try {
    ({ format } = await parseBuffer(bytes, { mimeType: audio.contentType, size: bytes.length }, { duration: true, skipCovers: true }));
  } catch {
    throw fail('narrationAudioUnreadable');
  }
  if (format.hasVideo || !format.codec || !format.duration || !Number.isFinite(format.duration) || format.duration <= 0) {
    throw fail('narrationAudioUnreadable');
  }
  const seconds = format.duration;
  if (seconds > NARRATION_LIMITS.audioSeconds + 0.5) {
    throw fail('narrationAudioTooLong', { max: NARRATION_LIMITS.audioSeconds, seconds: Math.round(seconds) });
  }
  return { ...audio, durationMs: Math.round(seconds * 1000) };
}
