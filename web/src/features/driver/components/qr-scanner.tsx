// The phone's camera reading a ticket's QR code: the browser's own BarcodeDetector where it has one
// (Chrome on Android), otherwise jsQR on the video's frames. Its own chunk: only a driver who opens
// the camera downloads it.
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { driverTexts } from './driver-messages';

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}

function nativeDetector(): Detector | null {
  const Native = (globalThis as { BarcodeDetector?: new (options: { formats: string[] }) => Detector }).BarcodeDetector;
  return Native ? new Native({ formats: ['qr_code'] }) : null;
}

/** Reads one frame's QR code with jsQR. */
function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (!width || !height) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const detector = nativeDetector();
    const tick = async () => {
      const element = video.current;
      if (stopped || !element) return;
      let text: string | null = null;
      try {
        text = detector ? ((await detector.detect(element))[0]?.rawValue ?? null) : readFrame(element, canvas);
      } catch {
        text = null;
      }
      if (text) onCode(text);
      else timer = window.setTimeout(() => void tick(), 200);
    };
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        void tick();
      } catch {
        setUnavailable(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  if (unavailable) return <p role="alert" className="driver-note driver-note--bad">{intl.formatMessage(driverTexts.noCamera)}</p>;
  return (
    <div className="driver-scanner">
      <p role="status">{intl.formatMessage(driverTexts.scanning)}</p>
      <video ref={video} className="driver-scanner__video" muted playsInline aria-label={intl.formatMessage(driverTexts.scan)} />
    </div>
  );
}
