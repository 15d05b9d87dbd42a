/**
 * The partner's RSA key pair: PAYBIS_PRIVATE_KEY(_FILE) when configured, else (sandbox) a
 * development key generated once into DATA_DIR on first use, like the JWT key. The sandbox's fake
 * verifies with the public half, as Paybis does with the key a partner gives it.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const generate = promisify(generateKeyPair)

export interface PaybisKeys {
  privateKey: () => Promise<KeyObject>
  publicKey: () => Promise<KeyObject>
}

async function developmentKey(dataDir: string): Promise<string> {
  const file = join(dataDir, 'paybis-sandbox-private-key.pem')
  try {
    return await readFile(file, 'utf8')
  } catch {
    await mkdir(dataDir, { recursive: true })
    // 2048 bits keeps the first start quick; Paybis's own keys are the partner's (4096 in its docs).
    const { privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    await writeFile(file, privateKey, { mode: 0o600, flag: 'wx' }).catch(() => undefined)
    await chmod(file, 0o600).catch(() => undefined)
    return readFile(file, 'utf8')
  }
}

export function paybisKeys(config: {
  privateKeyPem: string | undefined
  dataDir: string
}): PaybisKeys {
  let loading: Promise<KeyObject> | undefined
  const privateKey = () => {
    loading ??= (
      config.privateKeyPem !== undefined
        ? Promise.resolve(config.privateKeyPem)
        : developmentKey(config.dataDir)
    )
      .then((pem) => createPrivateKey(pem))
      .catch((error: unknown) => {
        loading = undefined
        throw error
      })
    return loading
  }
  return {
    privateKey,
    publicKey: async () => createPublicKey(await privateKey()),
  }
}
