import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator built on node:crypto, for tests: it answers the service's creation and request
 * options as a browser and an authenticator together would (attestation "none", user present and verified), with
 * the COSE algorithms people's devices use: ES256 (phones, security keys, Chromium), RS256 (Windows Hello), EdDSA.
 */
export type CoseAlgorithm = 'ES256' | 'RS256' | 'EdDSA';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

/** RFC 9053 / RFC 8812 COSE_Key of the public key. */
function coseKey(alg: CoseAlgorithm, publicKey: KeyObject): Map<number, number | Uint8Array> {
  const jwk = publicKey.export({ format: 'jwk' });
  const bytes = (value: string | undefined) => Buffer.from(value ?? '', 'base64url');
  if (alg === 'ES256') {
    return new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, bytes(jwk.x)],
      [-3, bytes(jwk.y)],
    ]);
  }
  if (alg === 'RS256') {
    return new Map<number, number | Uint8Array>([
      [1, 3],
      [3, -257],
      [-1, bytes(jwk.n)],
      [-2, bytes(jwk.e)],
    ]);
  }
  return new Map<number, number | Uint8Array>([
    [1, 1],
    [3, -8],
    [-1, 6],
    [-2, bytes(jwk.x)],
  ]);
}

function keyPair(alg: CoseAlgorithm) {
  if (alg === 'ES256') return generateKeyPairSync('ec', { namedCurve: 'P-256' });
  if (alg === 'RS256') return generateKeyPairSync('rsa', { modulusLength: 2048 });
  return generateKeyPairSync('ed25519');
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export function softAuthenticator(alg: CoseAlgorithm, { origin, rpId }: { origin: string; rpId: string }) {
  const { publicKey, privateKey } = keyPair(alg);
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const header = (flags: number) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  };

  return {
    credentialId: b64url(credentialId),

    /** navigator.credentials.create() with the service's creation options. */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        header(UP | UV | AT),
        Buffer.alloc(16), // AAGUID: none, as attestation "none" allows
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey(alg, publicKey))),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },

    /** navigator.credentials.get() with the service's request options: signs authData ‖ SHA-256(clientDataJSON). */
    authenticate(options: { challenge: string }) {
      counter += 1;
      const authData = header(UP | UV);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
      // ES256: ASN.1 DER (node's default), as WebAuthn wants; RS256: PKCS#1 v1.5; EdDSA: the raw 64 bytes.
      const signature = sign(alg === 'EdDSA' ? null : 'sha256', signed, privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },
  };
}
