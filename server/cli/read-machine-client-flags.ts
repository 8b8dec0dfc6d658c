import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ClientPrivateKey } from '../../src/mcp/index.ts';
import type { AuthorizationSettings } from '../../src/lifecycle/index.ts';

/**
 * The trace command's machine-client flags (the MCP client credentials extension,
 * SEP-1046): --grant client-credentials with --client-id, and the client's secret from
 * OAUTH_CLIENT_SECRET or its private key from a PEM file (--private-key-file); and
 * --grant enterprise (SEP-990), the user's ID token from OAUTH_IDP_ID_TOKEN exchanged at
 * --idp-token-endpoint. A secret, a key or a token never goes on the command line, where other users of the machine could read
 * it in the process list and the shell keeps it in its history. Each wrong combination is
 * refused with what to give instead.
 */
export const MACHINE_CLIENT_FLAG_USAGE = `  --grant code|client-credentials
                                how the host gets a token with --authorize: code (default), a person's consent in a
                                browser; client-credentials, a machine client (SEP-1046) with no person: needs
                                --client-id and its secret in OAUTH_CLIENT_SECRET (client_secret_basic) or
                                --private-key-file (private_key_jwt)
  --private-key-file PATH       the machine client's private key, a PKCS#8 PEM file: the host signs a JWT assertion
                                with it for each token request; the key stays here, shown [redacted]
  --private-key-alg ALG         the key's JWS algorithm (default from the key: ES256 for P-256, ES384, ES512, RS256, EdDSA)
  --grant enterprise            enterprise-managed authorization (SEP-990): the user's ID token from the enterprise's
                                identity provider, in OAUTH_IDP_ID_TOKEN, is exchanged at --idp-token-endpoint URL
                                for an ID-JAG, presented as a jwt-bearer grant with --client-id and its secret
                                (OAUTH_CLIENT_SECRET); --idp-client-id ID names the client at the IdP`;

export const MACHINE_CLIENT_FLAG_OPTIONS = {
  grant: { type: 'string' },
  'private-key-file': { type: 'string' },
  'private-key-alg': { type: 'string' },
  'idp-token-endpoint': { type: 'string' },
  'idp-client-id': { type: 'string' },
} as const;

const GRANTS = ['code', 'client-credentials', 'enterprise'];
const CURVE_ALGORITHMS: Record<string, string> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };

/** The JWS algorithm a key signs with, read from the key itself (RFC 7518 §3.1). */
function chooseAlgorithm(pem: string): string | undefined {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec') return CURVE_ALGORITHMS[key.asymmetricKeyDetails?.namedCurve ?? ''];
  return undefined;
}

async function readPrivateKey(file: string, algorithm: string | undefined): Promise<ClientPrivateKey | { error: string }> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (error) {
    return {
      error: `--private-key-file ${file} could not be read (${error instanceof Error ? error.message : String(error)}): give the path of the machine client's PKCS#8 PEM key.`,
    };
  }
  let chosen: string | undefined;
  try {
    chosen = algorithm ?? chooseAlgorithm(pem);
  } catch {
    return { error: `--private-key-file ${file} holds no private key this machine can read: give a PKCS#8 PEM key ("-----BEGIN PRIVATE KEY-----").` };
  }
  if (!chosen) return { error: `The key in ${file} is of a kind the host cannot choose an algorithm for: name it with --private-key-alg (ES256, RS256, …).` };
  return { pem, algorithm: chosen };
}

type MachineClient = NonNullable<AuthorizationSettings['machineClient']>;

/** --grant enterprise: the IdP's token endpoint and the user's ID token, which comes from the environment only. */
function readEnterpriseFlags({
  idpTokenEndpoint,
  idpClientId,
  idToken,
}: {
  idpTokenEndpoint: string | undefined;
  idpClientId: string | undefined;
  idToken: string | undefined;
}): NonNullable<MachineClient['enterprise']> | { error: string } {
  if (idpTokenEndpoint === undefined) return { error: "--grant enterprise needs the identity provider's token endpoint: add --idp-token-endpoint URL." };
  if (!idToken) return { error: "--grant enterprise needs the user's ID token from the identity provider in OAUTH_IDP_ID_TOKEN (never on the command line)." };
  return { idToken, idpTokenEndpoint, ...(idpClientId !== undefined ? { idpClientId } : {}) };
}

export async function readMachineClientFlags(input: {
  grant: string | undefined;
  clientId: string | undefined;
  privateKeyFile: string | undefined;
  privateKeyAlg: string | undefined;
  idpTokenEndpoint?: string | undefined;
  idpClientId?: string | undefined;
  authorize: boolean;
  clientSecret: string | undefined;
  idToken?: string | undefined;
}): Promise<{ machineClient?: MachineClient } | { error: string }> {
  const { grant = 'code', clientId, privateKeyFile, privateKeyAlg, authorize, clientSecret } = input;
  if (!GRANTS.includes(grant)) return { error: `--grant is one of ${GRANTS.join(', ')}, not "${grant}".` };
  if (grant !== 'enterprise' && (input.idpTokenEndpoint !== undefined || input.idpClientId !== undefined))
    return { error: '--idp-token-endpoint and --idp-client-id are for enterprise-managed authorization: add --grant enterprise.' };
  if (grant === 'code') {
    if (privateKeyFile !== undefined || privateKeyAlg !== undefined)
      return { error: '--private-key-file and --private-key-alg are for a machine client: add --grant client-credentials.' };
    return {};
  }
  if (!authorize) return { error: `--grant ${grant} is for the authorization flow: add --authorize.` };
  if (clientId === undefined)
    return { error: `--grant ${grant} needs the client's id, registered with the authorization server beforehand: add --client-id ID.` };
  if (grant === 'enterprise') {
    const enterprise = readEnterpriseFlags({ idpTokenEndpoint: input.idpTokenEndpoint, idpClientId: input.idpClientId, idToken: input.idToken });
    if ('error' in enterprise) return enterprise;
    return { machineClient: { clientId, ...(clientSecret ? { clientSecret } : {}), enterprise } };
  }
  if (privateKeyFile === undefined && !clientSecret)
    return {
      error:
        "--grant client-credentials needs the machine client's secret in OAUTH_CLIENT_SECRET (client_secret_basic) or its key with --private-key-file (private_key_jwt).",
    };
  if (privateKeyFile === undefined) return { machineClient: { clientId, ...(clientSecret ? { clientSecret } : {}) } };
  const privateKey = await readPrivateKey(privateKeyFile, privateKeyAlg);
  if ('error' in privateKey) return privateKey;
  return { machineClient: { clientId, privateKey } };
}
