import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { RoleSchema } from '#shared/auth/schemas.ts';

/**
 * Short-lived access tokens: HS256 JWTs carrying who the caller is and which business they act
 * for. Verification accepts HS256 only and checks exp, issuer and audience.
 */
const ISSUER = 'vintry';
const AUDIENCE = 'vintry-api';
const ALGORITHM = 'HS256';

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.uuid()),
  bid: v.pipe(v.string(), v.uuid()),
  role: RoleSchema,
});

export interface Caller {
  userId: string;
  businessId: string;
  role: v.InferOutput<typeof RoleSchema>;
}

export interface AccessTokens {
  sign: (caller: Caller) => Promise<string>;
  verify: (token: string) => Promise<Caller | null>;
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
  const verified = new Map<string, { caller: Caller; expiresAt: number }>();
  const remember = (token: string, caller: Caller, expiresAt: number) => {
    verified.set(token, { caller, expiresAt });
    if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  };

  return {
    sign: (caller) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ bid: caller.businessId, role: caller.role })
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
        };
        remember(token, caller, payload.exp * 1000);
        return caller;
      } catch {
        return null;
      }
    },
  };
}
