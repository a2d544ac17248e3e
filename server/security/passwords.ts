// Password hashing, below every module that stores or checks a password (sign-in, password
// changes, invitations) and the seeds and factories that create users.
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's baseline). */
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
let decoyPromise: Promise<string> | undefined;
const decoy = () => {
  decoyPromise ??= hash('decoy-password-for-timing');
  return decoyPromise;
};

/** Checks a password against a stored hash; a missing hash costs the same time as a real one. */
export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  // Awaited on both paths, so that the one-time cost of making the decoy tells nothing either.
  const decoyHash = await decoy();
  if (!passwordHash) {
    await verify(decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
