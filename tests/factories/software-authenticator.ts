/**
 * A passkey authenticator in software, for tests of the server's WebAuthn rules: a P-256 key pair
 * from node:crypto, attestation "none" on creation and ES256 assertions on sign-in, built byte for
 * byte as the WebAuthn specification lays them out (authenticator data, COSE key, CBOR), so the
 * server checks real signatures. It answers whatever it is asked: the tests bend the answers
 * (another origin, another RP ID, an old counter) to see them refused.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

// A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Record<string, unknown>;
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  if (value < 65536) return Buffer.from([(major << 5) | 25, value >> 8, value & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries: [Cbor, Cbor][] = value instanceof Map ? [...value.entries()] : (Object.entries(value) as [Cbor, Cbor][]);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export type Ceremony = { origin: string; rpID: string };
export type CredentialOptions = { challenge: string; user?: { id: string } };

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = "";
  /** The signature counter; 0 stays 0, as synced passkeys do. */
  counter: number;
  /** Answer with the user-verified flag (a PIN or fingerprint given). */
  userVerified = true;

  constructor(options: { counter?: number } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
    this.counter = options.counter ?? 1;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private flags(extra: number) {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | extra;
  }

  private counterBytes() {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.counter);
    return out;
  }

  /** What `navigator.credentials.create()` answers: a new discoverable credential, attestation "none". */
  create(options: CredentialOptions, ceremony: Ceremony) {
    this.userHandle = options.user?.id ?? "";
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: ceremony.origin, crossOrigin: false }));
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([sha256(ceremony.rpID), Buffer.from([this.flags(FLAG_AT)]), this.counterBytes(), Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const attestationObject = cbor({ fmt: "none", attStmt: new Map(), authData });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal", "hybrid"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** What `navigator.credentials.get()` answers: an assertion signed with the key, the counter moved on (unless it is 0). */
  get(options: CredentialOptions, ceremony: Ceremony, override: { advanceCounter?: boolean } = {}) {
    if (this.counter > 0 && override.advanceCounter !== false) this.counter += 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: ceremony.origin, crossOrigin: false }));
    const authenticatorData = Buffer.concat([sha256(ceremony.rpID), Buffer.from([this.flags(0)]), this.counterBytes()]);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
