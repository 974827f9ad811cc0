import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed (RFC 6238 §5.2). */
const WINDOW_STEPS = 1;
const ISSUER = 'Meet Match Date Marry';

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits), base32 as apps take it when typed by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The step the code belongs to when it is valid now within the window, else undefined. The caller refuses a step
 * at or below the last one accepted, which makes each code single-use.
 */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secretBase32, 'staff').validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** otpauth:// URI and its QR code, drawn as one SVG path so the page needs no image file or external service. */
export function totpEnrolment(secretBase32: string, email: string) {
  const otpauthUri = totpFor(secretBase32, email).toString();
  const { modules } = QRCode.create(otpauthUri, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) if (modules.get(y, x)) path += `M${x} ${y}h1v1h-1z`;
  }
  return { otpauthUri, qr: { size: modules.size, path } };
}
