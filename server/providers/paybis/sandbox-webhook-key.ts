/**
 * The Paybis sandbox's own webhook key pair (docs/decisions/113): the fake signs its
 * transaction-status webhooks with the private half, as Paybis signs with its key, and the server
 * verifies with the public half unless PAYBIS_WEBHOOK_PUBLIC_KEY names another. It is public (it
 * is in this file), so PROVIDERS=live refuses it (server/config.ts).
 */

export const sandboxWebhookPrivateKeyPem = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDEhhz+KEZKlCyk',
  'q6SzkdxIu3Uqp1l1071v6/WWFnUlUoBXRKQ/UYb7KljlG2CskJjiOMgugUWD12oz',
  'wXaHF1dSmDpYTJK+i3o350j2/AEXKrVX/tkCUpgfNxkm51hS8hh/zRykm5d//6X3',
  'lpJjumyLy3eAzoraNXbxxETfWI5y0CN4gJF3iDLcp4P8zFhBRvOzjhoVy1b11/I8',
  'c9dRdHLsstxKFd3ViBIWmbvzzepSue7s1vlI/JXmNSQXQ/azF0oxhcHOiEGw/+z+',
  'GS8U36bblLl0Lies7Iso9pJcKIJcgFycl8wRcjRUVkCu45VvWHm+Hj77b+Y4+k0M',
  'U6O6sdqbAgMBAAECggEAA/kmKulLioR2ZpnlyY+gYYQQuV0KzPwL73BY1cD8e1Ww',
  'rJMBsxoF3Zwckf08tiByRtiZC3+nlSPMzOETcWXCaTQUseZSbTHKtciiTAQKTZqa',
  'cf4ACzD6TF9DzeqNeZfVcPgHpThUFs1nYJsVuJhzS1xAvUTvv7um/PpX3iAfOSj9',
  'Cfb0jjz/apfXfIuFnV3SL5sR6EQ0Yqo/2IZlRZpoyR2popUQjlXNYv9i13Pr39bL',
  'NLEwRSYnMJsHfrBpSrMh5HGdfiT1zcqdtTAJg3OWO5GLXRdNq/20CC0PFD+ASblr',
  'T9o0z4/rM3dPDwMKVF3WHhcNuCE4obDcThV5oOvgOQKBgQDrkLVCDkqFVV+gnX7G',
  'hZghlV0rAUG/2Tn0MYlY7hKKcKZnecDtsvyrgJLdUsrx27+fBCXHUFXYDRpB5hQm',
  'uGwB781YOKARSphREGcwZDZzaapN78tBX/X+0hMmzzGtJgCxmhvZMvY17vshDGA6',
  'wIZLlfTA1xVEwuIQwIXHRF7FrwKBgQDVkmXGlS9yfGlMNZGMJtQyQLnRpc7Tau/Q',
  'S8l+lOe50fB9RIHtvTwL0TE2kctDeb8ulVfwy41drWXUJHQEtBD8/NclCxixtC+s',
  '9/wNFhNVOe23thrhBvMQ5zJkiS5fgYUSIUwZKz1ws1Az3BHgHFZvFr2GzQkkqo1R',
  '8jLFZNag1QKBgHRmjSqW5Tv9c8NqD7sJSKNPqzoU5Ohn7rs7vyKygXbnM1LuVuce',
  'Cry0S94Rizb33zg0VHaou8KGtvLZPhvkBXrvhAiT8oSY16s278Z5vm5JSF46n7Uu',
  'NeA07kG/IEzu+mjIPfqVtBPygyVReDuP5sxyzP59SYUwx4R/nZtZrXsBAoGBAL/r',
  'n/P1Kj8aV9F5LgMg/XzvN0yTUKoiJcEr6bULgLU2WINpZczLScNgyHW+TEelh00I',
  'PY+Qi8fLw38BBxUW71E4sOmD8Dv4rQMlkeX8mYDz3pBBYCQph5IAAQPhVr/Sd0+U',
  'hnrzpXG6YW9I6vNW48FOUSBq7jV54ibqm/9Qn6LFAoGBAJ2+A5K8YTcz7q/4oraU',
  'NMgu1uZhuPw/rRp0MLAKAW5avZo+x9OvIyAfSjeh1DoxcDRMEZ1CtcHlAi/oxLDH',
  'Ep6jk+K7Eg2QRd2kFFiRujc0+mLic8VsDSfJSQPLY5KcwR73g0gDs7vCRfY2pQxQ',
  '2SW71dcGhFbUfrBXL/bdLPLt',
  '-----END PRIVATE KEY-----',
].join('\n')

export const sandboxWebhookPublicKeyPem = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAxIYc/ihGSpQspKuks5Hc',
  'SLt1KqdZddO9b+v1lhZ1JVKAV0SkP1GG+ypY5RtgrJCY4jjILoFFg9dqM8F2hxdX',
  'Upg6WEySvot6N+dI9vwBFyq1V/7ZAlKYHzcZJudYUvIYf80cpJuXf/+l95aSY7ps',
  'i8t3gM6K2jV28cRE31iOctAjeICRd4gy3KeD/MxYQUbzs44aFctW9dfyPHPXUXRy',
  '7LLcShXd1YgSFpm7883qUrnu7Nb5SPyV5jUkF0P2sxdKMYXBzohBsP/s/hkvFN+m',
  '25S5dC4nrOyLKPaSXCiCXIBcnJfMEXI0VFZAruOVb1h5vh4++2/mOPpNDFOjurHa',
  'mwIDAQAB',
  '-----END PUBLIC KEY-----',
].join('\n')
