/**
 * Two-factor sign-in's server side (issue 36), one for the admins' and the providers' portals:
 * TOTP codes checked with otplib (±1 time step, each step accepted once), the secret encrypted at
 * rest (AES-256-GCM, node:crypto) with a key derived from TWO_FACTOR_KEY, recovery codes kept as
 * keyed hashes (HMAC-SHA-256: a copy of the database alone cannot test guesses), and the sign-in
 * challenge between the right password and the session. docs/security.md "Two-factor sign-in".
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import {
  CHALLENGE_MAX_ATTEMPTS,
  normalizeCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  SIGN_IN_CHALLENGE_MINUTES,
  TWO_FACTOR_ISSUERS,
  TWO_FACTOR_MESSAGES as M,
  holdsTwoFactorAccess,
  type TwoFactorPolicy,
  type PendingEnrolment,
  type SecondFactorChallenge,
  type SecondFactorStep,
  type TwoFactorPortal,
} from "~contract/two-factor";
import type { Database } from "../db/client";
import { securityPolicy, signInChallenges, twoFactorCredentials, twoFactorRecoveryCodes } from "../db/schema";
import type { Tx } from "./audit";
import { HttpError } from "./http";
import { throttledError, type LoginThrottle } from "./login-throttle";
import { hashToken, newToken } from "./session-tokens";

/** the security_policy table's one row */
export const POLICY_ID = 1;

/** Whether the two-factor policy is on (no row: off). */
export async function policyIsOn(db: Database | Tx): Promise<boolean> {
  const [row] = await db.select({ on: securityPolicy.requireTwoFactor }).from(securityPolicy).where(eq(securityPolicy.id, POLICY_ID));
  return row?.on ?? false;
}

/** Whether the policy requires two-factor of this admin (on, and they hold one of its access names). */
export async function policyRequires(db: Database | Tx, accessList: readonly string[]): Promise<boolean> {
  return holdsTwoFactorAccess(accessList) && (await policyIsOn(db));
}

export async function readPolicy(db: Database | Tx): Promise<TwoFactorPolicy> {
  const [row] = await db.select().from(securityPolicy).where(eq(securityPolicy.id, POLICY_ID));
  return {
    require_two_factor: row?.requireTwoFactor ?? false,
    updated_at: row?.updated_at?.toISOString() ?? null,
    updated_by: row?.updatedBy ?? null,
  };
}

/** TOTP as authenticator apps read it: 30-second steps, 6 digits, SHA-1; ±1 step of clock drift. */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;
/** a setup shown but not confirmed is offered again for this long (reloads, wrong codes), then made anew */
const PENDING_MINUTES = 30;
/** how long after its code a challenge may open a session (the sign-in's next request) */
const PASSED_CHALLENGE_SECONDS = 60;

/** The key material TWO_FACTOR_KEY must give (any text of this length or more; 64 hex characters do). */
export const TWO_FACTOR_KEY_MIN_LENGTH = 32;

/**
 * The two keys derived from TWO_FACTOR_KEY (HKDF-SHA-256): one encrypts secrets, one hashes
 * recovery codes. Changing TWO_FACTOR_KEY makes every enrolled secret unreadable.
 */
export class TwoFactorKey {
  private readonly encryption: Buffer;
  private readonly hashing: Buffer;

  constructor(material: string) {
    if (material.length < TWO_FACTOR_KEY_MIN_LENGTH)
      throw new Error(`TWO_FACTOR_KEY must be at least ${TWO_FACTOR_KEY_MIN_LENGTH} characters`);
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", material, "marketplace-two-factor", info, 32));
    this.encryption = derive("totp-secret-encryption");
    this.hashing = derive("recovery-code-hashing");
  }

  /** "v1." + base64url(iv ‖ tag ‖ ciphertext) */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.encryption, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
  }

  /** Throws when the text was not sealed with this key (or was altered). */
  decrypt(stored: string): string {
    if (!stored.startsWith("v1.")) throw new Error("not a sealed two-factor secret");
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.encryption, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }

  hashRecoveryCode(code: string): string {
    return createHmac("sha256", this.hashing).update(normalizeCode(code), "utf8").digest("hex");
  }
}

/** Ten codes of 10 letters shown as "xxxxx-xxxxx" (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** A TOTP check's result: the step it matched (otplib's answer types TOTP and HOTP as one union). */
async function checkTotp(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  const checked = await verify({
    secret,
    token: code.replace(/\s/g, ""),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return checked.valid && "timeStep" in checked ? checked.timeStep : null;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether the typed code looks like the app's digits (else it is tried as a recovery code). */
const isDigits = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

type CredentialRow = typeof twoFactorCredentials.$inferSelect;
type ChallengeRow = typeof signInChallenges.$inferSelect;
type Db = Database | Tx;

export type Account = { portal: TwoFactorPortal; accountId: number };

export type CodeCheck = { ok: false } | { ok: true; usedRecoveryCode: boolean; recoveryCodesLeft: number };

export class TwoFactor {
  constructor(
    private readonly db: Database,
    readonly key: TwoFactorKey,
    private readonly throttles: Record<TwoFactorPortal, LoginThrottle>,
  ) {}

  private async credential(db: Db, { portal, accountId }: Account, lock = false): Promise<CredentialRow | undefined> {
    const query = db
      .select()
      .from(twoFactorCredentials)
      .where(and(eq(twoFactorCredentials.portal, portal), eq(twoFactorCredentials.accountId, accountId)));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  /** Whether the account has two-factor on, with how many recovery codes are unused. */
  async status(account: Account): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
    const row = await this.credential(this.db, account);
    if (!row?.secret || !row.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: await this.codesLeft(this.db, row.id) };
  }

  async isEnabled(account: Account): Promise<boolean> {
    const row = await this.credential(this.db, account);
    return Boolean(row?.secret && row.enabledAt);
  }

  private async codesLeft(db: Db, credentialId: number): Promise<number> {
    const [{ left }] = await db
      .select({ left: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.credentialId, credentialId), isNull(twoFactorRecoveryCodes.usedAt)));
    return Number(left);
  }

  /**
   * The setup to show: the pending one while it is fresh (a reload or a wrong code shows the same
   * secret), else a new secret. Refused (409) when two-factor is already on.
   */
  async pendingEnrolment(account: Account, accountLabel: string): Promise<PendingEnrolment> {
    const now = new Date();
    const secret = await this.db.transaction(async (tx) => {
      const row = await this.credential(tx, account, true);
      if (row?.secret && row.enabledAt) throw new HttpError(409, { message: M.alreadyOn });
      const fresh = row?.pendingSecret && row.pendingCreatedAt && now.getTime() - row.pendingCreatedAt.getTime() < PENDING_MINUTES * 60_000;
      if (row && fresh && row.pendingSecret) return this.key.decrypt(row.pendingSecret);
      const made = generateSecret();
      const sealed = this.key.encrypt(made);
      if (row) {
        await tx
          .update(twoFactorCredentials)
          .set({ pendingSecret: sealed, pendingCreatedAt: now, updated_at: now })
          .where(eq(twoFactorCredentials.id, row.id));
      } else {
        await tx.insert(twoFactorCredentials).values({ ...account, pendingSecret: sealed, pendingCreatedAt: now });
      }
      return made;
    });
    const issuer = TWO_FACTOR_ISSUERS[account.portal];
    return { secret, otpauth_uri: generateURI({ issuer, label: accountLabel, secret }), account: accountLabel, issuer };
  }

  /**
   * Confirms the pending setup with a current code: two-factor is on, ten new recovery codes are
   * answered (once). 400 for a wrong code, 409 when there is no setup to confirm or it is already on.
   */
  async confirmEnrolment(account: Account, code: string, tx?: Tx): Promise<string[]> {
    const work = async (db: Tx) => {
      const row = await this.credential(db, account, true);
      if (row?.secret && row.enabledAt) throw new HttpError(409, { message: M.alreadyOn });
      if (!row?.pendingSecret) throw new HttpError(409, { message: M.noEnrolment });
      const step = isDigits(code) ? await checkTotp(this.key.decrypt(row.pendingSecret), code, null) : null;
      if (step === null) throw new HttpError(400, { message: M.enrolCodeInvalid, errors: { code: M.enrolCodeInvalid } });
      const now = new Date();
      await db
        .update(twoFactorCredentials)
        .set({ secret: row.pendingSecret, enabledAt: now, pendingSecret: null, pendingCreatedAt: null, lastStep: step, updated_at: now })
        .where(eq(twoFactorCredentials.id, row.id));
      return this.replaceRecoveryCodes(db, row.id);
    };
    return tx ? work(tx) : this.db.transaction(work);
  }

  private async replaceRecoveryCodes(db: Db, credentialId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.credentialId, credentialId));
    await db.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ credentialId, codeHash: this.key.hashRecoveryCode(code) })));
    return codes;
  }

  /**
   * Checks a code of an enrolled account and uses it up: an app code moves last_step (that step
   * and earlier ones are refused from now on), a recovery code is marked used.
   */
  async useCode(db: Tx, account: Account, code: string): Promise<CodeCheck> {
    const row = await this.credential(db, account, true);
    if (!row?.secret || !row.enabledAt) return { ok: false };
    if (isDigits(code)) {
      const step = await checkTotp(this.key.decrypt(row.secret), code, row.lastStep);
      if (step === null) return { ok: false };
      await db.update(twoFactorCredentials).set({ lastStep: step }).where(eq(twoFactorCredentials.id, row.id));
      return { ok: true, usedRecoveryCode: false, recoveryCodesLeft: await this.codesLeft(db, row.id) };
    }
    const hash = this.key.hashRecoveryCode(code);
    const unused = await db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.credentialId, row.id), isNull(twoFactorRecoveryCodes.usedAt)));
    const match = unused.find((candidate) => sameHash(candidate.codeHash, hash));
    if (!match) return { ok: false };
    await db.update(twoFactorRecoveryCodes).set({ usedAt: new Date() }).where(eq(twoFactorRecoveryCodes.id, match.id));
    return { ok: true, usedRecoveryCode: true, recoveryCodesLeft: unused.length - 1 };
  }

  /** A code of the signed-in account itself (turning off, new recovery codes): 400 when wrong. */
  async requireCode(tx: Tx, account: Account, code: string): Promise<CodeCheck & { ok: true }> {
    const checked = await this.useCode(tx, account, code);
    if (!checked.ok) throw new HttpError(400, { message: M.codeInvalid, errors: { code: M.codeInvalid } });
    return checked;
  }

  /** Turns two-factor off (the caller checked the password and the code, or an All Access admin resets it). */
  async remove(db: Db, account: Account): Promise<boolean> {
    const removed = await db
      .delete(twoFactorCredentials)
      .where(and(eq(twoFactorCredentials.portal, account.portal), eq(twoFactorCredentials.accountId, account.accountId)))
      .returning({ id: twoFactorCredentials.id, enabledAt: twoFactorCredentials.enabledAt });
    return removed.some((row) => row.enabledAt !== null);
  }

  /** New recovery codes for an enrolled account (the old ones stop working). */
  async renewRecoveryCodes(tx: Tx, account: Account): Promise<string[]> {
    const row = await this.credential(tx, account, true);
    if (!row?.secret || !row.enabledAt) throw new HttpError(409, { message: M.notOn });
    return this.replaceRecoveryCodes(tx, row.id);
  }

  // --- the sign-in's second step ---

  /** After the right password: the step that must pass before a session opens. */
  async openChallenge(
    account: Account,
    step: SecondFactorStep,
    username: string,
    address: string | undefined,
  ): Promise<SecondFactorChallenge> {
    const now = new Date();
    await this.db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
    const token = newToken();
    const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
    await this.db.insert(signInChallenges).values({
      tokenHash: hashToken(token),
      ...account,
      username: username.slice(0, 200),
      address: (address ?? "").slice(0, 100),
      step,
      expiresAt,
    });
    return { step, challenge_token: token, expires_at: expiresAt.toISOString() };
  }

  /** The live challenge behind a token (410 when it has expired, been used, or never was). */
  async challenge(db: Db, token: string, lock = false): Promise<ChallengeRow> {
    const query = db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(token)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row || row.expiresAt <= new Date()) throw new HttpError(410, { message: M.challengeExpired });
    return row;
  }

  /**
   * The sign-in's code: checked within the sign-in limits of the username + address (a wrong code
   * counts as a failed sign-in; the pair's count clears only when the code is right), at most
   * CHALLENGE_MAX_ATTEMPTS per challenge.
   */
  async verifyChallenge(
    token: string,
    code: string,
    address: string | undefined,
  ): Promise<CodeCheck & { ok: true; challenge: ChallengeRow }> {
    const found = await this.challenge(this.db, token);
    if (found.step !== "code") throw new HttpError(409, { message: M.challengeExpired });
    const throttle = this.throttles[found.portal];
    const from = address ?? found.address;
    const verdict = await throttle.check(found.username, from);
    if (verdict.kind === "refused") throw throttledError(verdict);
    const checked = await this.db.transaction(async (tx) => {
      const row = await this.challenge(tx, token, true);
      if (row.passedAt) return { ok: true as const, usedRecoveryCode: false, recoveryCodesLeft: -1 };
      const result = await this.useCode(tx, { portal: row.portal, accountId: row.accountId }, code);
      if (result.ok) await tx.update(signInChallenges).set({ passedAt: new Date() }).where(eq(signInChallenges.id, row.id));
      else
        await tx
          .update(signInChallenges)
          .set({ attempts: row.attempts + 1 })
          .where(eq(signInChallenges.id, row.id));
      return result.ok ? result : { ok: false as const, attempts: row.attempts + 1 };
    });
    if (!checked.ok) {
      const after = await throttle.fail(found.username, from);
      if (after.kind === "refused") throw throttledError(after);
      if (checked.attempts >= CHALLENGE_MAX_ATTEMPTS) {
        await this.db.delete(signInChallenges).where(eq(signInChallenges.id, found.id));
        throw new HttpError(410, { message: M.tooManyCodes });
      }
      throw new HttpError(401, { message: M.codeInvalid });
    }
    await throttle.succeed(found.username, from);
    return { ...checked, challenge: found };
  }

  /** The policy's setup at sign-in: the challenge's account, which must be at the "enrol" step. */
  async enrolmentChallenge(token: string): Promise<ChallengeRow> {
    const found = await this.challenge(this.db, token);
    if (found.step !== "enrol") throw new HttpError(409, { message: M.challengeExpired });
    return found;
  }

  /**
   * Confirms the setup made at sign-in: two-factor is on, the challenge has passed, the codes are
   * answered. A repeat of a confirmed setup (a double click) answers no codes: they were answered once.
   */
  async confirmEnrolmentChallenge(token: string, code: string): Promise<{ codes: string[] | null; challenge: ChallengeRow }> {
    const confirmed = await this.db.transaction(async (tx) => {
      const row = await this.challenge(tx, token, true);
      if (row.step !== "enrol") throw new HttpError(409, { message: M.challengeExpired });
      if (row.passedAt) return { codes: null, challenge: row };
      const codes = await this.confirmEnrolment({ portal: row.portal, accountId: row.accountId }, code, tx);
      await tx.update(signInChallenges).set({ passedAt: new Date() }).where(eq(signInChallenges.id, row.id));
      return { codes, challenge: row };
    });
    // after the transaction: the throttle keeps its counts through `db`, which on PGlite (one connection)
    // waits for the open transaction to end, i.e. for ever when called inside it
    const { codes, challenge } = confirmed;
    if (codes) await this.throttles[challenge.portal].succeed(challenge.username, challenge.address);
    return confirmed;
  }

  /**
   * Whether a session may open on this challenge: it must be this account's, passed, live, and
   * passed less than PASSED_CHALLENGE_SECONDS ago (403 otherwise). Not deleted here: a double
   * click's second request (its first answer never reached the browser) may open its session too;
   * expired challenges are swept at the next sign-in.
   */
  async requirePassedChallenge(db: Db, token: string | undefined, account: Account): Promise<void> {
    const refused = new HttpError(403, { message: M.sessionNeedsSecondFactor });
    if (!token) throw refused;
    const [row] = await db
      .select()
      .from(signInChallenges)
      .where(and(eq(signInChallenges.tokenHash, hashToken(token)), eq(signInChallenges.portal, account.portal)));
    const now = Date.now();
    if (!row || row.accountId !== account.accountId || !row.passedAt || row.expiresAt.getTime() <= now) throw refused;
    if (now - row.passedAt.getTime() > PASSED_CHALLENGE_SECONDS * 1000) throw refused;
  }
}
