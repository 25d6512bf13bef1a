import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hash, parseOptions, verify } from "@node-rs/argon2";

/**
 * argon2id (@node-rs/argon2: prebuilt N-API binaries, no build step) with OWASP's minimum
 * parameters: 19 MiB, 2 passes, 1 lane (about 10 ms a hash here). Hashes are PHC strings
 * ("$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>"), so the parameters travel with each hash.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** The seed passes its own salt so demo data is reproducible. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  return hash(password.normalize("NFKC"), { ...ARGON2_PARAMS, salt });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2")) {
    try {
      return await verify(stored, password.normalize("NFKC"));
    } catch {
      return false; // not a readable hash
    }
  }
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  return false;
}

/**
 * Whether a stored hash that just verified should be replaced (on sign-in): the scrypt hashes of
 * databases made before argon2, and argon2 hashes made with other parameters.
 */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith("$argon2id$")) return true;
  try {
    const options = parseOptions(stored);
    return (
      options.memoryCost !== ARGON2_PARAMS.memoryCost ||
      options.timeCost !== ARGON2_PARAMS.timeCost ||
      options.parallelism !== ARGON2_PARAMS.parallelism ||
      options.outputLen !== ARGON2_PARAMS.outputLen
    );
  } catch {
    return true;
  }
}

// ——— the hashes written before argon2: "scrypt$<salt b64>$<hash b64>" ———

const SCRYPT_KEY_LENGTH = 64;

function deriveScrypt(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, SCRYPT_KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** An old-format hash (tests make one to check that such databases still sign in). */
export async function hashPasswordScrypt(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await deriveScrypt(password, salt);
  return `scrypt$${salt.toString("base64")}$${key.toString("base64")}`;
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, saltText, hashText] = stored.split("$");
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64");
  const actual = await deriveScrypt(password, Buffer.from(saltText, "base64"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Spent on unknown usernames so they take as long as wrong passwords. */
const DUMMY_HASH = hashPassword("not-a-real-password", Buffer.alloc(16));
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await DUMMY_HASH);
}
