import { createHmac, timingSafeEqual } from 'node:crypto'

/** Which forge signed a push notification, when its signature is right. */
export type WebhookSender = 'github' | 'gitea' | 'gitlab'

const equal = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)]
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Checks a push notification against the shared secret (issue 19): GitHub's `X-Hub-Signature-256`
 * ('sha256=' + HMAC-SHA256 of the body, hex), Gitea's and Forgejo's `X-Gitea-Signature` (the same HMAC, hex, no
 * prefix) or GitLab's `X-Gitlab-Token` (the secret itself). Returns the sender, or null for a missing or wrong one.
 */
export function verifyWebhook(
  header: (name: string) => string | undefined,
  body: Uint8Array,
  secret: string,
): WebhookSender | null {
  if (!secret) return null
  const hmac = () => createHmac('sha256', secret).update(body).digest('hex')
  const github = header('x-hub-signature-256')
  if (github) return equal(github.trim().toLowerCase(), `sha256=${hmac()}`) ? 'github' : null
  const gitea = header('x-gitea-signature') ?? header('x-forgejo-signature')
  if (gitea) return equal(gitea.trim().toLowerCase(), hmac()) ? 'gitea' : null
  const gitlab = header('x-gitlab-token')
  if (gitlab) return equal(gitlab, secret) ? 'gitlab' : null
  return null
}
