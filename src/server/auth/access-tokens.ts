import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { RoleSchema } from '#shared/auth/schemas.ts';

/**
 * Short-lived access tokens: HS256 JWTs carrying who the caller is, which business they act for,
 * and the sign-in (`sid`, the refresh token family) they belong to, so that signing out or
 * resetting the password ends them at once (the guard checks the sign-in on every call).
 * Verification accepts HS256 only and checks exp, issuer and audience.
 */
const ISSUER = 'vintry';
const AUDIENCE = 'vintry-api';
const ALGORITHM = 'HS256';

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.uuid()),
  bid: v.pipe(v.string(), v.uuid()),
  role: RoleSchema,
  sid: v.pipe(v.string(), v.uuid()),
});

export interface Caller {
  userId: string;
  businessId: string;
  role: v.InferOutput<typeof RoleSchema>;
}

/** A token's holder: the caller and the sign-in the token was issued for. */
export interface TokenHolder extends Caller {
  sessionId: string;
}

export interface AccessTokens {
  sign: (holder: TokenHolder) => Promise<string>;
  verify: (token: string) => Promise<TokenHolder | null>;
}

/** Tokens already verified, by their text: a tablet sends the same one for up to 15 minutes. */
const VERIFIED_KEPT = 2_000;

export function createAccessTokens(
  secret: Uint8Array,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): AccessTokens {
  // The signature check costs a trip to the crypto thread pool on every call. A token whose
  // signature was checked is the same token when its text comes back; only expiry can change,
  // and that is checked every time.
  const verified = new Map<string, { caller: TokenHolder; expiresAt: number }>();
  const remember = (token: string, caller: TokenHolder, expiresAt: number) => {
    verified.set(token, { caller, expiresAt });
    if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  };

  return {
    sign: (caller) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ bid: caller.businessId, role: caller.role, sid: caller.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(caller.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (now().getTime() < known.expiresAt) return known.caller;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: now(),
        });
        const claims = v.safeParse(ClaimsSchema, payload);
        if (!claims.success || payload.exp === undefined) return null;
        const caller = {
          userId: claims.output.sub,
          businessId: claims.output.bid,
          role: claims.output.role,
          sessionId: claims.output.sid,
        };
        remember(token, caller, payload.exp * 1000);
        return caller;
      } catch {
        return null;
      }
    },
  };
}
