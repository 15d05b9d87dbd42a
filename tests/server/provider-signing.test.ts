/**
 * The providers' signatures: Sumsub's request signature against the test vectors of
 * docs/product/providers/sumsub.md#signing-test-vectors, webhook digests for each algorithm
 * (docs/product/providers/sumsub.md#webhook-digest), and Paybis's RSA-PSS/SHA-512 request
 * signature (docs/product/providers/paybis.md#signature-recipe), which must verify with the public
 * key and with nothing else.
 */
import { constants, createHash, createHmac, generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { paybisSignature, verifyPaybisSignature } from '../../server/providers/paybis/signing.ts'
import {
  sumsubRequestSignature,
  verifyWebhookDigest,
  webhookDigest,
} from '../../server/providers/sumsub/signing.ts'
import { parseSumsubDate, sumsubDateMs, sumsubDateTz } from '../../server/providers/sumsub/dates.ts'

describe('Sumsub request signature', () => {
  it('matches the test vectors of docs/product/providers/sumsub.md#signing-test-vectors', () => {
    expect(
      sumsubRequestSignature(
        'test-secret',
        '1607551635',
        'POST',
        '/resources/accessTokens/sdk',
        '{"userId":"u-123","levelName":"basic-kyc-level","ttlInSecs":600}',
      ),
    ).toBe('84e14ac45c9c64c7b6d774f6f2aa37b8645b835c69733befac061a827abb2d17')
    expect(
      sumsubRequestSignature(
        'test-secret',
        '1607551635',
        'get',
        '/resources/applicants/-;externalUserId=u-123/one',
      ),
    ).toBe('460c2e8624b9534c18cb53ae6ad6cd1c1bbc9e15a3160385154b684b317ceacf')
  })

  it('signs the documented string with no separators', () => {
    const uri =
      '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600'
    const expected = createHmac('sha256', 's').update(`1607551635POST${uri}`).digest('hex')
    expect(sumsubRequestSignature('s', '1607551635', 'POST', uri)).toBe(expected)
    expect(sumsubRequestSignature('s', '1607551635', 'POST', uri, '')).toBe(expected)
  })
})

describe('Sumsub webhook digest', () => {
  const body =
    '{"applicantId":"5cb56e8e0a975a35f333cb83","inspectionId":"5cb56e8e0a975a35f333cb84","applicantType":"individual","correlationId":"req-1","levelName":"basic-kyc-level","sandboxMode":true,"externalUserId":"u-123","type":"applicantReviewed","reviewResult":{"reviewAnswer":"GREEN"},"reviewStatus":"completed","createdAtMs":"2024-01-01 00:00:00.000","clientId":"demo"}'

  it('matches the HMAC_SHA256_HEX test vector', () => {
    const vector = '9698258f3b0ea0b43009905dd100568f1ec8f605461eaafb7f95b6e220a122a7'
    expect(webhookDigest('whsec-test', 'HMAC_SHA256_HEX', body)).toBe(vector)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', vector, Buffer.from(body))).toBe(
      true,
    )
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', vector.toUpperCase(), body)).toBe(
      true,
    )
  })

  it.each(['0', 'f', '00'])('refuses the right digest with %j appended', (extra) => {
    const vector = '9698258f3b0ea0b43009905dd100568f1ec8f605461eaafb7f95b6e220a122a7'
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', vector + extra, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', vector.slice(0, -1), body)).toBe(
      false,
    )
  })

  it.each([
    ['HMAC_SHA1_HEX', 'sha1'],
    ['HMAC_SHA256_HEX', 'sha256'],
    ['HMAC_SHA512_HEX', 'sha512'],
  ] as const)('computes and verifies %s', (alg, hash) => {
    const digest = createHmac(hash, 'whsec-test').update(body).digest('hex')
    expect(webhookDigest('whsec-test', alg, body)).toBe(digest)
    expect(verifyWebhookDigest('whsec-test', alg, digest, body)).toBe(true)
    expect(verifyWebhookDigest('other-secret', alg, digest, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', alg, digest, `${body} `)).toBe(false)
  })

  it('refuses a wrong algorithm, a digest of another algorithm and malformed digests', () => {
    const sha256 = webhookDigest('whsec-test', 'HMAC_SHA256_HEX', body)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA512_HEX', sha256, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_MD5_HEX', sha256, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', undefined, sha256, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', undefined, body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', 'zz', body)).toBe(false)
    expect(verifyWebhookDigest('whsec-test', 'HMAC_SHA256_HEX', sha256.slice(2), body)).toBe(false)
  })

  it("reads and writes Sumsub's date strings", () => {
    const at = new Date('2025-03-05T04:41:48.704Z')
    expect(sumsubDateMs(at)).toBe('2025-03-05 04:41:48.704')
    expect(sumsubDateTz(at)).toBe('2025-03-05 04:41:48+0000')
    expect(parseSumsubDate('2025-03-05 04:41:48.704')?.toISOString()).toBe(at.toISOString())
    expect(parseSumsubDate('2025-03-05 04:41:48+0000')?.toISOString()).toBe(
      '2025-03-05T04:41:48.000Z',
    )
    expect(parseSumsubDate('yesterday')).toBeUndefined()
    expect(parseSumsubDate(1700000000000)).toBeUndefined()
  })
})

describe('Paybis request signature', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const body = '{"partnerUserId":"p-1","email":"anna@example.com","locale":"en"}'

  it('verifies with the public key, over hex(SHA-512(body)) with PSS and a 64-byte salt', () => {
    const signature = paybisSignature(privateKey, body)
    // Checked independently of the module: docs/product/providers/paybis.md#signature-recipe.
    const hex = createHash('sha512').update(body, 'utf8').digest('hex')
    expect(
      verify(
        'sha512',
        Buffer.from(hex),
        { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 },
        Buffer.from(signature, 'base64'),
      ),
    ).toBe(true)
    expect(verifyPaybisSignature(publicKey, body, signature)).toBe(true)
    // PSS is randomised: two signatures differ and both verify.
    const again = paybisSignature(privateKey, body)
    expect(again).not.toBe(signature)
    expect(verifyPaybisSignature(publicKey, Buffer.from(body), again)).toBe(true)
  })

  it('fails for another body, another key or a malformed signature', () => {
    const signature = paybisSignature(privateKey, body)
    expect(verifyPaybisSignature(publicKey, `${body} `, signature)).toBe(false)
    expect(verifyPaybisSignature(other.publicKey, body, signature)).toBe(false)
    expect(verifyPaybisSignature(publicKey, body, paybisSignature(other.privateKey, body))).toBe(
      false,
    )
    expect(verifyPaybisSignature(publicKey, body, 'not base64!')).toBe(false)
    expect(verifyPaybisSignature(publicKey, body, undefined)).toBe(false)
  })
})
